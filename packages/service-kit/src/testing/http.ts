import type { Express } from 'express';
import { createLogger } from '../logging/logger';
import { startHttpServer, type RunningHttpServer } from '../http/http-server';

/** Starts an app on a free loopback port for a test; close it in afterEach/afterAll. */
export async function listenForTest(app: Express): Promise<RunningHttpServer> {
  return startHttpServer(app, {
    port: 0,
    host: '127.0.0.1',
    logger: createLogger({ name: 'test', level: 'silent' }),
  });
}

/** A JSON call to a service as the holder of `accessToken` (its cookie), the answer parsed when it has a body. */
export function signedInCaller(baseUrl: string, accessToken: string) {
  return async <T = Record<string, unknown>>(method: string, path: string, body?: unknown) => {
    const res = await fetch(`${baseUrl}${path}`, {
      method,
      headers: {
        cookie: `noek_access=${accessToken}`,
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, headers: res.headers, body: (text ? JSON.parse(text) : null) as T };
  };
}
