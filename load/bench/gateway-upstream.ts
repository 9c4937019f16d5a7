// The cheap upstream for bench-gateway: a real service-kit app (house middleware, metrics, logging)
// with one tiny JSON route, run as its own process so it has an event loop to itself.
import { createLogger, createServiceApp, startHttpServer, type LogLevel } from '@noek/service-kit';

const port = Number(process.env.PORT ?? 0);
const logger = createLogger({ name: 'bench-upstream', level: (process.env.LOG_LEVEL ?? 'warn') as LogLevel });
const app = createServiceApp({
  name: 'bench-upstream',
  logger,
  routes: (a) => {
    a.get('/api/conversations/bench', (_req, res) => {
      res.json({ ok: true, items: [] });
    });
  },
});
const running = await startHttpServer(app, { port, host: '127.0.0.1', logger });
process.on('SIGTERM', () => void running.close(1_000).then(() => process.exit(0)));
