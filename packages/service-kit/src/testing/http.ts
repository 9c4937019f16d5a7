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
