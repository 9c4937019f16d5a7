/**
 * Prometheus against the live product (issue 30): Debian's prometheus scrapes every service's /metrics and
 * the gateway's, loads the alert rules, and after a sign-up and a chat reply every dashboard panel's query
 * must return data and every alert rule must evaluate without error. Waits on Prometheus' own readiness,
 * its targets' health and its rule evaluations, never on a fixed time.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { alertRulesFile, dashboardQueries } from '../deploy/monitoring/dashboards';
import { serviceNames } from '../scripts/lib/launch';
import { e2eEnv } from './config';
import { ChatUser } from './faults/chat-client';
import { verifiedAccount } from './security/support';
import { startPrometheus, type PrometheusServer } from './support/prometheus-server';

const env = e2eEnv();
let prometheus: PrometheusServer;

beforeAll(async () => {
  prometheus = await startPrometheus({
    jobs: [
      {
        job: 'noek-services',
        targets: serviceNames.map((_, i) => `127.0.0.1:${env.E2E_SERVICE_PORT_BASE + i}`),
      },
      { job: 'noek-gateway', targets: [`127.0.0.1:${env.E2E_GATEWAY_PORT}`] },
    ],
    ruleFiles: [alertRulesFile],
  });
});
afterAll(async () => {
  await prometheus?.stop();
});

/** The panels whose query answers no sample (or an error) right now. */
async function emptyPanels(): Promise<string[]> {
  const empty: string[] = [];
  for (const q of dashboardQueries()) {
    const r = await prometheus.query(q.expr);
    if (r.status === 'error') empty.push(`${q.panel}: ${q.expr} -> error ${r.error}`);
    else if (r.result.length === 0) empty.push(`${q.panel}: ${q.expr} -> no data`);
  }
  return empty;
}

describe('Prometheus against the live product', () => {
  it('scrapes every service and the gateway', async () => {
    await expect.poll(() => prometheus.ready(), { timeout: 60_000, interval: 250 }).toBe(200);
    // Healthy once each target has been scraped with success (health starts as 'unknown').
    const unhealthy = async () => {
      const targets = await prometheus.targets();
      if (targets.length === 0) return ['no targets yet'];
      return targets.filter((t) => t.health !== 'up').map((t) => `${t.scrapeUrl} ${t.health} ${t.lastError}`);
    };
    await expect.poll(unhealthy, { timeout: 30_000, interval: 250 }).toEqual([]);
    const targets = await prometheus.targets();
    expect(targets).toHaveLength(serviceNames.length + 1);
    expect(targets.every((t) => t.health === 'up')).toBe(true);
  });

  it('after a sign-up and a chat reply, every dashboard query returns data', async () => {
    const account = await verifiedAccount('prometheus');
    const user = new ChatUser(inject('baseUrl'), account.email);
    await user.signIn(account.password);
    // Two replies, a scrape apart: rates and quantiles need the series to move between two samples.
    for (let i = 0; i < 2; i++) {
      const before = await replies();
      const reply = await user.exchange(await user.newConversation(), 60_000);
      expect(reply.end).toBe('done');
      await expect.poll(replies, { timeout: 15_000, interval: 250 }).toBeGreaterThan(before);
    }
    await expect.poll(emptyPanels, { timeout: 30_000, interval: 500 }).toEqual([]);
  });

  it('every alert rule evaluates without error', async () => {
    const rules = await prometheus.rules();
    expect(rules.length).toBeGreaterThanOrEqual(6);
    for (const rule of rules) {
      const r = await prometheus.query(rule.query);
      expect(r.status === 'error' ? `${rule.name}: ${r.error}` : 'ok').toBe('ok');
    }
    await expect
      .poll(async () => (await prometheus.rules()).filter((r) => r.health !== 'ok').map((r) => r.name), {
        timeout: 15_000,
        interval: 250,
      })
      .toEqual([]);
  });
});

/** Replies Prometheus has scraped so far (all outcomes, every chat replica). */
async function replies(): Promise<number> {
  const r = await prometheus.query('sum(noek_replies_finished_total)');
  return r.status === 'success' && r.result[0] ? Number(r.result[0].value[1]) : 0;
}
