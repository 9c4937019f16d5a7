import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { idempotencyKeyHeader } from '@noek/contracts';
import { callDownstream } from './downstream';

type Handler = (req: IncomingMessage, res: ServerResponse, n: number) => void;
const servers: { close: () => void }[] = [];
afterEach(() => {
  for (const s of servers.splice(0)) s.close();
});

/** A local service answering with `handler`; `keys` records the idempotency key of every attempt. */
async function service(handler: Handler) {
  const keys: (string | undefined)[] = [];
  const server = createServer((req, res) => {
    keys.push(req.headers[idempotencyKeyHeader] as string | undefined);
    req.resume();
    handler(req, res, keys.length);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  servers.push({ close: () => (server.closeAllConnections(), server.close()) });
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, keys };
}

const json = (res: ServerResponse, status: number, body: unknown) =>
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));

/** A change; attempts that must get an answer have room for a busy machine, silent ones end quickly. */
const change = (url: string, timeoutMs = 3_000, key = '0b6c55a4-3f0a-4f55-9d1c-3b8f0f6b2a11') => ({
  method: 'POST',
  url,
  headers: {},
  timeoutMs,
  label: 'The user service',
  idempotent: { key, budgetMs: 30_000 },
});

describe('calls to auth and chat answer what is known', () => {
  it('a lost answer is retried with the same key and the late outcome answered', async () => {
    const s = await service((_req, res, n) => {
      if (n > 1) json(res, 200, { done: true });
      // The first answer never comes (the work may have been done).
    });
    expect(await callDownstream({ ...change(s.url), timeoutMs: 1_000 })).toEqual({ done: true });
    expect(s.keys.length).toBe(2);
    expect(new Set(s.keys)).toEqual(new Set(['0b6c55a4-3f0a-4f55-9d1c-3b8f0f6b2a11']));
  });

  it('a 5xx is retried; a 4xx is the service refusing, passed on as is', async () => {
    const flaky = await service((_req, res, n) => json(res, n === 1 ? 503 : 200, { ok: n }));
    expect(await callDownstream(change(flaky.url))).toEqual({ ok: 2 });
    const refusing = await service((_req, res) =>
      json(res, 409, { code: 'LAST_ADMIN', message: 'The last admin cannot be removed.' }),
    );
    await expect(callDownstream(change(refusing.url))).rejects.toMatchObject({
      status: 409,
      code: 'LAST_ADMIN',
    });
    expect(refusing.keys.length).toBe(1);
  });

  it("no answer to any attempt of a change: 504 'unknown, check history', never 'Nothing was changed'", async () => {
    const silent = await service(() => undefined);
    const err = await callDownstream(change(silent.url, 300)).catch((e: unknown) => e);
    expect(err).toMatchObject({ status: 504, code: 'OUTCOME_UNKNOWN' });
    expect((err as Error).message).toMatch(/history/);
    expect(silent.keys.length).toBe(3);
  });

  it("nothing reached the service, or it answered failures only: 503 'Nothing was changed'", async () => {
    const closed = await service(() => undefined);
    servers.splice(0).forEach((s) => s.close());
    const refused = await callDownstream(change(closed.url, 300)).catch((e: unknown) => e);
    expect(refused).toMatchObject({ status: 503, message: expect.stringMatching(/Nothing was changed/) });
    const failing = await service((_req, res) => json(res, 500, {}));
    const failed = await callDownstream(change(failing.url)).catch((e: unknown) => e);
    expect(failed).toMatchObject({ status: 503, message: expect.stringMatching(/Nothing was changed/) });
    // A read that got no answer changed nothing either.
    const silent = await service(() => undefined);
    const read = await callDownstream({
      ...change(silent.url, 300),
      method: 'GET',
      idempotent: undefined,
    }).catch((e: unknown) => e);
    expect(read).toMatchObject({ status: 503 });
  });
});
