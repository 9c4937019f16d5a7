/**
 * Debian's `prometheus` (apt package prometheus; .ci/run installs it) scraping the product under test: its
 * own config, store and port, every second, so a query over a few seconds of traffic has samples.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '@noek/service-kit';

export const prometheusBin = ['/usr/bin/prometheus', '/usr/local/bin/prometheus'].find((p) => existsSync(p));

export type ScrapeJob = { job: string; targets: string[] };
export type PromResult = { metric: Record<string, string>; value: [number, string] };
export type PromRule = { name: string; query: string; health: string; lastError?: string; type: string };

export type PrometheusServer = {
  url: string;
  /** An instant query: the vector's samples, or the error Prometheus gave. */
  query(
    expr: string,
  ): Promise<{ status: 'success'; result: PromResult[] } | { status: 'error'; error: string }>;
  /** Every scrape target with its health ('up', 'down', 'unknown'). */
  targets(): Promise<{ scrapeUrl: string; health: string; lastError: string }[]>;
  rules(): Promise<PromRule[]>;
  /** 200 once Prometheus serves queries (its own readiness endpoint). */
  ready(): Promise<number>;
  stop(): Promise<void>;
};

async function getJson<T>(url: string): Promise<T> {
  const res = await fetch(url, { signal: AbortSignal.timeout(10_000) });
  return (await res.json()) as T;
}

export async function startPrometheus(o: {
  jobs: ScrapeJob[];
  ruleFiles: string[];
}): Promise<PrometheusServer> {
  if (!prometheusBin) throw new Error('prometheus is missing: apt-get install -y prometheus (.ci/run does)');
  const dir = mkdtempSync(join(tmpdir(), 'noek-prometheus-'));
  const config = {
    global: { scrape_interval: '1s', scrape_timeout: '1s', evaluation_interval: '1s' },
    rule_files: o.ruleFiles,
    scrape_configs: o.jobs.map((j) => ({ job_name: j.job, static_configs: [{ targets: j.targets }] })),
  };
  // JSON is YAML: no YAML writer needed.
  writeFileSync(join(dir, 'prometheus.yml'), JSON.stringify(config, null, 2));
  const port = await freePort();
  const child: ChildProcess = spawn(
    prometheusBin,
    [
      `--config.file=${join(dir, 'prometheus.yml')}`,
      `--storage.tsdb.path=${join(dir, 'data')}`,
      `--web.listen-address=127.0.0.1:${port}`,
      '--log.level=warn',
    ],
    { stdio: ['ignore', 'ignore', 'inherit'] },
  );
  const url = `http://127.0.0.1:${port}`;
  const api = `${url}/api/v1`;
  return {
    url,
    async query(expr) {
      const body = await getJson<{ status: string; error?: string; data?: { result: PromResult[] } }>(
        `${api}/query?query=${encodeURIComponent(expr)}`,
      );
      return body.status === 'success'
        ? { status: 'success', result: body.data!.result }
        : { status: 'error', error: body.error ?? 'unknown error' };
    },
    async targets() {
      const body = await getJson<{
        data: { activeTargets: { scrapeUrl: string; health: string; lastError: string }[] };
      }>(`${api}/targets`);
      return body.data.activeTargets;
    },
    async rules() {
      const body = await getJson<{ data: { groups: { rules: PromRule[] }[] } }>(`${api}/rules`);
      return body.data.groups.flatMap((g) => g.rules);
    },
    async ready() {
      if (child.exitCode !== null) throw new Error(`prometheus exited with code ${child.exitCode}`);
      return fetch(`${url}/-/ready`).then(
        (r) => r.status,
        () => 0,
      );
    },
    async stop() {
      if (child.exitCode === null && child.signalCode === null)
        await new Promise<void>((resolve) => {
          child.once('exit', () => resolve());
          child.kill('SIGTERM');
        });
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
