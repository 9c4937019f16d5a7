// Measures what the house middleware costs per request: bare Express vs createServiceApp, same route.
// Run: npx tsx packages/service-kit/bench/app-overhead.ts   (numbers are noisy on shared 2-core machines)
import autocannon from 'autocannon';
import express from 'express';
import { createLogger, createServiceApp, startHttpServer } from '../src/index';

const logger = createLogger({ name: 'bench', level: 'silent' });
const route = (a: express.Express) =>
  a.get('/api/items/:id', (req, res) => void res.json({ id: req.params.id }));

async function measure(app: express.Express): Promise<number> {
  const s = await startHttpServer(app, { port: 0, logger });
  const r = await autocannon({ url: `${s.url}/api/items/42`, connections: 20, duration: 4 });
  await s.close(100);
  return r.requests.average;
}

const results: Record<string, number[]> = { bare: [], kit: [] };
for (let i = 0; i < 3; i += 1) {
  const bare = express();
  route(bare);
  results.bare!.push(await measure(bare));
  results.kit!.push(await measure(createServiceApp({ name: 'bench', logger, routes: route })));
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[1]!;
console.log(
  JSON.stringify({
    bare: results.bare,
    kit: results.kit,
    ratio: median(results.kit!) / median(results.bare!),
  }),
);
