import jwt from 'jsonwebtoken';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serviceTokenHeader } from '@noek/contracts';
import {
  createLogger,
  createServiceApp,
  listenForTest,
  type RunningHttpServer,
  es256KeyPair,
} from '@noek/service-kit';
import { requireAdminService } from './service-token.middleware';

const keys = () => es256KeyPair();
const auth = keys();
const other = keys();
let server: RunningHttpServer;

beforeAll(async () => {
  const app = createServiceApp({
    name: 'chat-test',
    logger: createLogger({ name: 'test', level: 'silent' }),
    routes: (a) => {
      a.use('/internal/usage', requireAdminService(auth.publicKey));
      a.get('/internal/usage', (_req, res) => void res.json({ ok: true }));
    },
  });
  server = await listenForTest(app);
});
afterAll(async () => {
  await server?.close(100);
});

const token = (key: string, claims: { typ?: string; aud?: string } = {}) =>
  jwt.sign({ typ: claims.typ ?? 'service' }, key, {
    algorithm: 'ES256',
    subject: 'admin',
    audience: claims.aud ?? 'chat',
    expiresIn: 60,
  });

describe('requireAdminService', () => {
  it("lets the admin service's token through and refuses anything else with 401", async () => {
    const call = (t?: string) =>
      fetch(`${server.url}/internal/usage`, { headers: t ? { [serviceTokenHeader]: t } : {} });
    expect((await call(token(auth.privateKey))).status).toBe(200);
    expect((await call()).status).toBe(401);
    expect((await call(token(auth.privateKey, { aud: 'auth' }))).status).toBe(401);
    expect((await call(token(auth.privateKey, { typ: 'access' }))).status).toBe(401);
    expect((await call(token(other.privateKey))).status).toBe(401);
  });
});
