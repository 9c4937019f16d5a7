import { afterAll, beforeAll, expect, it } from 'vitest';
import { createServiceApp } from './create-service-app';
import type { RunningHttpServer } from './http-server';
import { registerPlannedRoutes } from './planned-routes';
import { listenForTest } from '../testing/http';
import { captureLogger } from '../testing/log-capture';

let running: RunningHttpServer;
beforeAll(async () => {
  const app = createServiceApp({
    name: 'planned',
    logger: captureLogger().logger,
    routes: (a) => registerPlannedRoutes(a, [{ method: 'POST', path: '/api/x/:id' }], 'Not yet.'),
  });
  running = await listenForTest(app);
});
afterAll(() => running.close(100));

it('answers planned routes 501 with the message, others 404', async () => {
  const res = await fetch(`${running.url}/api/x/1`, { method: 'POST' });
  expect(res.status).toBe(501);
  expect(await res.json()).toMatchObject({ code: 'NOT_AVAILABLE_YET', message: 'Not yet.' });
  expect((await fetch(`${running.url}/api/x/1`)).status).toBe(404);
});
