import { request as httpRequest } from 'node:http';
import { describe, expect, it } from 'vitest';
import { captureLogger } from '../testing/log-capture';
import { createServiceApp } from './create-service-app';
import { startHttpServer } from './http-server';
import { trackStream } from './app-state';

function app(routes: Parameters<typeof createServiceApp>[0]['routes']) {
  return createServiceApp({ name: 't', logger: captureLogger().logger, routes });
}
const logger = captureLogger().logger;

describe('startHttpServer', () => {
  it('binds port 0 to a real port and sets proxy-friendly timeouts', async () => {
    const running = await startHttpServer(
      app(() => {}),
      { port: 0, logger },
    );
    expect(running.port).toBeGreaterThan(0);
    expect(running.server.keepAliveTimeout).toBe(65_000);
    expect(running.server.headersTimeout).toBeGreaterThan(65_000);
    expect((await fetch(`${running.url}/healthz`)).status).toBe(200);
    await running.close(100);
  });

  it('lets an in-flight request finish, then refuses new connections', async () => {
    // Shutdown starts once the request is in the handler (a fixed wait loses that race on a busy machine).
    let arrived!: () => void;
    const inHandler = new Promise<void>((r) => (arrived = r));
    // ...and it answers only once the shutdown has started.
    let release!: () => void;
    const closing = new Promise<void>((r) => (release = r));
    const running = await startHttpServer(
      app((a) =>
        a.get('/slow', async (_req, res) => {
          arrived();
          await closing;
          res.json({ done: true });
        }),
      ),
      { port: 0, logger },
    );
    const slow = fetch(`${running.url}/slow`);
    await inHandler;
    const closed = running.close(2_000);
    release();
    const res = await slow;
    expect(await res.json()).toEqual({ done: true });
    await closed;
    await expect(fetch(`${running.url}/healthz`)).rejects.toThrow();
  });

  it('force-closes a request that outlives the grace period', async () => {
    let arrived!: () => void;
    const inHandler = new Promise<void>((r) => (arrived = r));
    const running = await startHttpServer(
      app((a) =>
        a.get('/hang', () => {
          arrived();
          return new Promise(() => {});
        }),
      ),
      { port: 0, logger },
    );
    const hung = fetch(`${running.url}/hang`).then(
      () => 'answered',
      () => 'cut',
    );
    await inHandler;
    const t0 = Date.now();
    await running.close(100);
    expect(Date.now() - t0).toBeLessThan(1_000);
    expect(await hung).toBe('cut');
  });

  it('tells tracked streams to end when shutdown starts', async () => {
    const running = await startHttpServer(
      app((a) =>
        a.get('/stream', (_req, res) => {
          const signal = trackStream(res);
          res.writeHead(200, { 'content-type': 'text/event-stream' });
          res.write('data: hello\n\n');
          signal.addEventListener('abort', () => res.end('event: bye\ndata: {}\n\n'));
        }),
      ),
      { port: 0, logger },
    );
    const body = await new Promise<string>((resolve, reject) => {
      const req = httpRequest(`${running.url}/stream`, (res) => {
        let text = '';
        res.on('data', (c: Buffer) => {
          text += String(c);
          if (text.includes('hello')) void running.close(5_000);
        });
        res.on('end', () => resolve(text));
      });
      req.on('error', reject);
      req.end();
    });
    expect(body).toContain('event: bye');
    await running.close();
  });

  it('does not wait on idle keep-alive connections', async () => {
    const running = await startHttpServer(
      app(() => {}),
      { port: 0, logger },
    );
    await fetch(`${running.url}/healthz`); // leaves a pooled keep-alive socket open
    const t0 = Date.now();
    await running.close(5_000);
    expect(Date.now() - t0).toBeLessThan(1_000);
  });

  it('keeps serving with /readyz at 503 during unreadyDelayMs', async () => {
    // The two requests below must both land within the delay: 200 ms was not always enough for them on a
    // busy machine, so the delay is a second (the test waits it out once).
    const running = await startHttpServer(
      app(() => {}),
      { port: 0, logger, unreadyDelayMs: 1_000 },
    );
    const closing = running.close(2_000);
    const ready = await fetch(`${running.url}/readyz`);
    expect(ready.status).toBe(503);
    expect(ready.headers.get('connection')).toBe('close');
    expect((await fetch(`${running.url}/healthz`)).status).toBe(200);
    await closing;
    await expect(fetch(`${running.url}/healthz`)).rejects.toThrow();
  });
});
