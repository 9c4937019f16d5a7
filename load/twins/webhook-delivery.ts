// Twin of load/k6/webhook-delivery.js: Stripe-signed webhook events (POST /api/payment/webhook) with
// autocannon against a running Noek (BASE_URL) whose billing verifies with STRIPE_WEBHOOK_SECRET. Every tenth
// event repeats an earlier id (the provider retries; billing must acknowledge it without processing it twice).
// Thresholds as in the k6 script: every answer 2xx, p95 < P95_MS (200), p99 < P99_MS (500).
import { createHmac, randomUUID } from 'node:crypto';
import autocannon from 'autocannon';
import { apiRoutes } from '@noek/contracts';
import { baseUrl, connections, durationS, verdict } from './target';

const secret = process.env.STRIPE_WEBHOOK_SECRET;
if (!secret) throw new Error('set STRIPE_WEBHOOK_SECRET (the endpoint secret billing verifies with)');
const run = randomUUID().slice(0, 8);
let n = 0;

function signedEvent(): { body: string; signature: string } {
  n += 1;
  const id = n % 10 === 0 ? n - 9 : n;
  const body = JSON.stringify({
    id: `evt_twin_${run}_${id}`,
    object: 'event',
    type: 'invoice.paid',
    created: Math.floor(Date.now() / 1000),
    data: {
      object: { id: `in_twin_${run}_${id}`, object: 'invoice', customer: `cus_twin_${run}`, status: 'paid' },
    },
  });
  const t = Math.floor(Date.now() / 1000);
  const v1 = createHmac('sha256', secret!).update(`${t}.${body}`).digest('hex');
  return { body, signature: `t=${t},v1=${v1}` };
}

const r = await autocannon({
  url: `${baseUrl}${apiRoutes.subscription.webhook.path}`,
  connections,
  duration: durationS,
  requests: [
    {
      method: 'POST',
      setupRequest: (req) => {
        const e = signedEvent();
        return {
          ...req,
          body: e.body,
          headers: { 'content-type': 'application/json', 'stripe-signature': e.signature },
        };
      },
    },
  ],
});
console.log(
  `webhook-delivery: ${r.requests.average.toFixed(0)} req/s, p50 ${r.latency.p50} ms, p99 ${r.latency.p99} ms`,
);
process.exitCode = verdict('webhook-delivery', [
  [`every answer 2xx (${r.non2xx} others, ${r.errors} errors)`, r.non2xx === 0 && r.errors === 0],
  [
    `p97.5 ${r.latency.p97_5} ms < ${Number(process.env.P95_MS ?? 200)} ms`,
    r.latency.p97_5 < Number(process.env.P95_MS ?? 200),
  ],
  [
    `p99 ${r.latency.p99} ms < ${Number(process.env.P99_MS ?? 500)} ms`,
    r.latency.p99 < Number(process.env.P99_MS ?? 500),
  ],
]);
