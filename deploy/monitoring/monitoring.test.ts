import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { dashboardQueries, loadDashboards, type Panel } from './dashboards';

const here = import.meta.dirname;
const root = join(here, '../..');
const promtool = ['/usr/bin/promtool', '/usr/local/bin/promtool'].find((p) => existsSync(p));
const dashboards = loadDashboards();

/** Every .ts file of the product's services and shared kit (the places that register metrics). */
function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = join(dir, e.name);
    if (e.isDirectory()) return e.name === 'node_modules' || e.name === 'generated' ? [] : sources(p);
    return e.name.endsWith('.ts') && !e.name.includes('.test.') ? [p] : [];
  });
}

/** The metric names the product registers (`name: '...'` of prom-client metrics). */
function exportedMetrics(): Set<string> {
  const names = new Set<string>();
  for (const dir of ['packages/service-kit/src', 'gateway/src', 'services'])
    for (const file of sources(join(root, dir)))
      for (const m of readFileSync(file, 'utf8').matchAll(/name: '([a-z_:][a-z0-9_:]*)'/g)) names.add(m[1]!);
  return names;
}

const KEYWORDS = new Set([
  'by',
  'without',
  'on',
  'ignoring',
  'group_left',
  'group_right',
  'and',
  'or',
  'unless',
  'bool',
  'offset',
  'le',
]);

/** The metric names a PromQL expression reads (functions, labels, strings and ranges left out). */
export function metricsIn(expr: string): string[] {
  const bare = expr
    .replace(/"(?:[^"\\]|\\.)*"/g, '""')
    .replace(/\{[^}]*\}/g, '')
    .replace(/\b(by|without|on|ignoring)\s*\([^)]*\)/g, '')
    .replace(/\[[^\]]*\]/g, '');
  return [...bare.matchAll(/\b([a-zA-Z_:][a-zA-Z0-9_:]*)\b(?!\s*\()/g)]
    .map((m) => m[1]!)
    .filter((w) => !KEYWORDS.has(w) && !/^\d/.test(w));
}

describe('monitoring', () => {
  it.skipIf(!promtool)('the alert rules pass promtool check and their unit tests', () => {
    const rules = join(here, 'prometheus/alerts.yml');
    expect(execFileSync(promtool!, ['check', 'rules', rules], { encoding: 'utf8' })).toContain('SUCCESS');
    const out = execFileSync(promtool!, ['test', 'rules', 'alerts.test.yml'], {
      cwd: join(here, 'prometheus'),
      encoding: 'utf8',
    });
    expect(out).toContain('SUCCESS');
  });
  if (!promtool)
    it('promtool is missing: install Debian\'s "prometheus" package to check the alert rules', () => {
      console.warn('SKIPPED: promtool not found (apt-get install -y prometheus); alert rules not checked');
    });

  it('every alert names a runbook section that exists in docs/monitoring.md', () => {
    const rules = readFileSync(join(here, 'prometheus/alerts.yml'), 'utf8');
    const doc = readFileSync(join(root, 'docs/monitoring.md'), 'utf8');
    const alerts = [...rules.matchAll(/- alert: (\w+)/g)].map((m) => m[1]!);
    expect(alerts.length).toBeGreaterThanOrEqual(6);
    for (const alert of alerts) {
      expect(rules).toContain(`runbook: docs/monitoring.md#${alert.toLowerCase()}`);
      expect(doc, alert).toMatch(new RegExp(`^### ${alert}$`, 'm'));
    }
  });

  it('the dashboards are valid Grafana JSON: unique ids, a title and a query per panel', () => {
    expect(dashboards.map((d) => d.file).sort()).toEqual(['noek-replies-events.json', 'noek-service.json']);
    const uids = dashboards.map((d) => d.json.uid as string);
    expect(new Set(uids).size).toBe(uids.length);
    for (const { file, json } of dashboards) {
      expect(typeof json.title, file).toBe('string');
      const panels = json.panels as Panel[];
      expect(panels.length, file).toBeGreaterThan(0);
      expect(new Set(panels.map((p: Panel) => p.id)).size).toBe(panels.length);
      for (const p of panels) expect(p.targets?.length, `${file}: ${p.title}`).toBeGreaterThan(0);
    }
  });

  it('every dashboard query reads metrics the product exports', () => {
    const exported = exportedMetrics();
    const known = (m: string) =>
      exported.has(m.replace(/_(bucket|sum|count)$/, '')) ||
      // prom-client's collectDefaultMetrics (every service and the gateway call it)
      /^(process|nodejs)_/.test(m);
    const queries = dashboardQueries();
    for (const q of queries) {
      const metrics = metricsIn(q.expr);
      expect(metrics.length, q.expr).toBeGreaterThan(0);
      for (const m of metrics) expect(known(m), `${q.panel}: ${m}`).toBe(true);
    }
    // The panels the issue asks for.
    const all = queries.map((q) => q.expr).join('\n');
    for (const m of [
      'http_requests_total',
      'http_request_duration_seconds_bucket',
      'noek_reply_ttft_seconds_bucket',
      'noek_replies_in_flight',
      'noek_replies_finished_total',
      'noek_outbox_oldest_pending_seconds',
      'noek_consumer_lag_seconds_bucket',
      'noek_dependency_up',
    ])
      expect(all).toContain(m);
  });

  it("Kubernetes provisions every dashboard (a ConfigMap for Grafana's sidecar) and the alert rules", () => {
    const k = parse(readFileSync(join(here, 'kustomization.yaml'), 'utf8')) as {
      configMapGenerator: { name: string; files: string[]; options?: { labels?: Record<string, string> } }[];
    };
    const dashboardsMap = k.configMapGenerator.find((g) => g.options?.labels?.grafana_dashboard === '1');
    expect(dashboardsMap?.files.map((f) => f.replace('grafana/dashboards/', '')).sort()).toEqual(
      dashboards.map((d) => d.file).sort(),
    );
    const rules = k.configMapGenerator.flatMap((g) => g.files);
    expect(rules).toContain('prometheus/alerts.yml');
    for (const f of rules) expect(existsSync(join(here, f)), f).toBe(true);
  });

  it('reads metric names out of PromQL', () => {
    expect(
      metricsIn(
        'histogram_quantile(0.95, sum by (le, service) (rate(http_request_duration_seconds_bucket{status=~"5.."}[5m])))',
      ),
    ).toEqual(['http_request_duration_seconds_bucket']);
    expect(metricsIn('sum (a_total) / sum by (x) (b_total) > 0.05')).toEqual(['a_total', 'b_total']);
  });
});
