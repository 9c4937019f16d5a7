// Webhook delivery: POST /api/payment/webhook as the payment provider sends it, a Stripe-signed event
// (`Stripe-Signature: t=<time>,v1=<HMAC-SHA256 of "t.body" with the endpoint secret>`). Every event has a new
// id, so billing verifies, stores and de-duplicates each one; every tenth is a repeat of an earlier id, which
// must be acknowledged without being processed twice. Twin here: `npm run load:twin -- webhook-delivery`.
//   k6 run -e BASE_URL=... -e STRIPE_WEBHOOK_SECRET=whsec_... load/k6/webhook-delivery.js
// Env: RATE (events per second, 50), DURATION (30s), P95_MS (200), P99_MS (500).
import http from 'k6/http';
import crypto from 'k6/crypto';
import { check, fail } from 'k6';
import { arrivalRate, BASE_URL, num } from './lib/noek.js';

export const options = {
  scenarios: {
    deliver: arrivalRate({ rate: 50, vus: 10, maxVus: 50 }),
  },
  thresholds: {
    checks: ['rate>0.99'],
    dropped_iterations: ['count<1'],
    'http_req_duration{name:POST /api/payment/webhook}': [
      `p(95)<${num('P95_MS', 200)}`,
      `p(99)<${num('P99_MS', 500)}`,
    ],
  },
};

const secret = __ENV.STRIPE_WEBHOOK_SECRET;

export default function () {
  if (!secret) fail('set STRIPE_WEBHOOK_SECRET (the endpoint secret billing verifies with)');
  // Every tenth delivery repeats the previous tenth's id: the provider retries, billing de-duplicates.
  const n = __ITER % 10 === 9 ? __ITER - 9 : __ITER;
  const body = JSON.stringify({
    id: `evt_k6_${__VU}_${n}`,
    object: 'event',
    type: 'invoice.paid',
    created: Math.floor(Date.now() / 1000),
    data: {
      object: { id: `in_k6_${__VU}_${n}`, object: 'invoice', customer: `cus_k6_${__VU}`, status: 'paid' },
    },
  });
  const t = Math.floor(Date.now() / 1000);
  const signature = crypto.hmac('sha256', secret, `${t}.${body}`, 'hex');
  const res = http.post(`${BASE_URL}/api/payment/webhook`, body, {
    headers: { 'Content-Type': 'application/json', 'Stripe-Signature': `t=${t},v1=${signature}` },
    tags: { name: 'POST /api/payment/webhook' },
  });
  check(res, { 'webhook acknowledged (2xx)': (r) => r.status >= 200 && r.status < 300 });
}
