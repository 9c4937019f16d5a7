import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiRoutes,
  defaultPlanSettings,
  planSettingsListResponseSchema,
  planSettingsResponseSchema,
  routePath,
} from '@noek/contracts';
import { startAdminStack, TEST_DATABASE_URL, type AdminStack, type TestClient } from '../../test/admin-stack';
import { signInAdmin, signUp, type Member } from '../../test/flows';

let stack: AdminStack;
let admin: { c: TestClient; id: string };
let member: Member;

beforeAll(async () => {
  stack = await startAdminStack();
  admin = await signInAdmin(stack);
  member = await signUp(stack, 'plans');
});
afterAll(async () => {
  // The stream outlives this file: leave the spec's values as the latest setting for whoever replays it.
  const basic = defaultPlanSettings()[0]!;
  await admin?.c.request('PATCH', planPath(basic.level), basic.limits);
  await stack?.close();
});

const planPath = (level: string) => routePath(apiRoutes.admin.updatePlan, { level });
const basicLimits = {
  messagesPerWindow: 1,
  windowHours: 1,
  tokenBudget: 50_000,
  allowedModels: ['m-1', 'm-1'],
};

async function auditRows(): Promise<{ level: string; actorId: string; before: unknown; after: unknown }[]> {
  const c = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await c.connect();
  try {
    const r = await c.query(
      'SELECT "level", "actorId", "before", "after" FROM "admin_api_admin"."plan_audit_entries" ORDER BY "id"',
    );
    return r.rows;
  } finally {
    await c.end();
  }
}

describe('plan settings', () => {
  it("answers the spec's values until an admin changes them", async () => {
    const res = await admin.c.get(apiRoutes.admin.plans.path);
    expect(res.status).toBe(200);
    expect(planSettingsListResponseSchema.parse(res.body).plans).toEqual(defaultPlanSettings());
    expect(res.body.plans[0]).toEqual({
      level: 'basic',
      limits: { messagesPerWindow: 3000, windowHours: 24, tokenBudget: null, allowedModels: [] },
      updatedAt: null,
    });
  });

  it('refuses invalid limits and unknown levels, changing nothing', async () => {
    const bad = [
      { ...basicLimits, messagesPerWindow: 0 },
      { ...basicLimits, windowHours: null },
      { ...basicLimits, messagesPerWindow: 2.5 },
      { ...basicLimits, tokenBudget: -1 },
      { ...basicLimits, allowedModels: [''] },
      { messagesPerWindow: 5 },
    ];
    for (const body of bad)
      expect((await admin.c.request('PATCH', planPath('basic'), body)).status, JSON.stringify(body)).toBe(
        400,
      );
    expect((await admin.c.request('PATCH', planPath('gold'), basicLimits)).status).toBe(400);
    expect((await member.c.request('PATCH', planPath('basic'), basicLimits)).status).toBe(403);
    expect((await member.c.get(apiRoutes.admin.plans.path)).status).toBe(403);
    expect(await auditRows()).toEqual([]);
  });

  it('saves a change with an audit row, and chat applies it to the next message at once', async () => {
    const res = await admin.c.request('PATCH', planPath('basic'), basicLimits);
    expect(res.status, res.text).toBe(200);
    const { plan } = planSettingsResponseSchema.parse(res.body);
    expect(plan.limits).toEqual({ ...basicLimits, allowedModels: ['m-1'] });
    expect(plan.updatedAt).not.toBeNull();
    const listed = planSettingsListResponseSchema.parse((await admin.c.get(apiRoutes.admin.plans.path)).body);
    expect(listed.plans.find((p) => p.level === 'basic')).toEqual(plan);
    expect(await auditRows()).toEqual([
      {
        level: 'basic',
        actorId: admin.id,
        before: { messagesPerWindow: 3000, windowHours: 24, tokenBudget: null, allowedModels: [] },
        after: { ...basicLimits, allowedModels: ['m-1'] },
      },
    ]);

    // chat follows admin.plan.updated.v1: the member's limit is now 1 per hour.
    await expect
      .poll(async () => (await member.c.get(apiRoutes.conversations.settings.path)).body?.usage, {
        timeout: 10_000,
      })
      .toMatchObject({ limit: 1, periodHours: 1 });
    const conv = async () =>
      (await member.c.post('/api/conversations', { title: 'New Chat', userId: member.id })).body.id;
    expect(
      (await member.c.post(`/api/conversations/${await conv()}/messages`, { content: 'one' })).status,
    ).toBe(200);
    const refused = await member.c.post(`/api/conversations/${await conv()}/messages`, { content: 'two' });
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ code: 'USAGE_LIMIT_REACHED', limit: 1, periodHours: 1 });
  });
});
