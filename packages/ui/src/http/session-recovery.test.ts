import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { apiRoutes } from '@noek/contracts/routes';
import { apiSend } from './api-client';
import { isRecoverableRoute, setSessionRecovery } from './session-recovery';

// A real local server that answers 401 until the "session" is renewed: the client's retry is checked at
// the protocol level (requests counted by the server), not against a fetch mock.
let server: Server;
let base = '';
let renewed = false;
let hits = 0;
beforeAll(async () => {
  server = createServer((req, res) => {
    hits += 1;
    if (!renewed)
      return res.writeHead(401).end('{"code":"UNAUTHENTICATED","message":"Your session has ended."}');
    return res
      .writeHead(200, { 'content-type': 'application/json' })
      .end(`{"body":${JSON.stringify(req.url)}}`);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));
afterEach(() => {
  setSessionRecovery(undefined);
  renewed = false;
  hits = 0;
});

const conversations = () => ({ method: 'GET' as const, path: `${base}/api/conversations` });

describe('session recovery on 401', () => {
  it('renews the session once and sends the call again', async () => {
    let attempts = 0;
    setSessionRecovery(async () => {
      attempts += 1;
      renewed = true;
      return true;
    });
    const res = await apiSend(conversations());
    expect(res.status).toBe(200);
    expect(attempts).toBe(1);
    expect(hits).toBe(2);
  });

  it('raises the 401 when the session cannot be renewed (the shell has signed out)', async () => {
    setSessionRecovery(async () => false);
    await expect(apiSend(conversations())).rejects.toMatchObject({ name: 'ApiError', status: 401 });
    expect(hits).toBe(1);
  });

  it('calls failing together share one renewal', async () => {
    let attempts = 0;
    // The renewal finishes only once both calls have failed: they fail together for sure.
    let bothFailed!: () => void;
    const gate = new Promise<void>((resolve) => (bothFailed = resolve));
    setSessionRecovery(async () => {
      attempts += 1;
      await gate;
      renewed = true;
      return true;
    });
    const pending = Promise.all([apiSend(conversations()), apiSend(conversations())]);
    await vi.waitFor(() => expect(hits).toBe(2));
    bothFailed();
    const answers = await pending;
    expect(answers.map((r) => r.status)).toEqual([200, 200]);
    expect(attempts).toBe(1);
  });

  it("never for auth's own calls: a wrong password or no session is their answer", () => {
    expect(isRecoverableRoute(apiRoutes.auth.login.path)).toBe(false);
    expect(isRecoverableRoute(apiRoutes.auth.me.path)).toBe(false);
    expect(isRecoverableRoute(apiRoutes.auth.refresh.path)).toBe(false);
    expect(isRecoverableRoute(apiRoutes.conversations.list.path)).toBe(true);
    expect(isRecoverableRoute(apiRoutes.admin.users.path)).toBe(true);
  });

  it('without a registered recovery a 401 is raised as it came', async () => {
    await expect(apiSend(conversations())).rejects.toMatchObject({ status: 401 });
    expect(hits).toBe(1);
  });
});
