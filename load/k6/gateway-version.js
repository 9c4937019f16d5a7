// The gateway's cheapest endpoint, GET /api/version (answered by the gateway itself, never cached): what the
// gateway alone costs per request. Mirrors `npm run bench:gateway` (which also compares with a direct call).
//   k6 run -e BASE_URL=http://localhost:8080 load/k6/gateway-version.js
// Env: VUS (50), DURATION (30s), P50_MS (5), P99_MS (50). The gateway's rate limit must not bite: run with
// RATE_LIMIT_PER_MINUTE=0 on the gateway, or SPREAD_CLIENTS=1 behind a trusted hop (lib/noek.js).
import http from 'k6/http';
import { check } from 'k6';
import { Rate } from 'k6/metrics';
import { BASE_URL, clientHeaders, num, summaryTrendStats } from './lib/noek.js';

const rateLimited = new Rate('rate_limited');

export const options = {
  scenarios: {
    version: {
      executor: 'constant-vus',
      vus: num('VUS', 50),
      duration: __ENV.DURATION || '30s',
    },
  },
  thresholds: {
    http_req_failed: ['rate<0.01'],
    rate_limited: ['rate<0.01'],
    checks: ['rate>0.99'],
    'http_req_duration{name:GET /api/version}': [`p(50)<${num('P50_MS', 5)}`, `p(99)<${num('P99_MS', 50)}`],
  },
  summaryTrendStats,
};

export default function () {
  const res = http.get(`${BASE_URL}/api/version?t=${Date.now()}`, {
    headers: clientHeaders(),
    tags: { name: 'GET /api/version' },
  });
  rateLimited.add(res.status === 429);
  check(res, {
    'status 200': (r) => r.status === 200,
    'has version': (r) => typeof r.json('version') === 'string',
    'not cacheable': (r) => /no-store|no-cache/.test(String(r.headers['Cache-Control'] || '')),
  });
}
