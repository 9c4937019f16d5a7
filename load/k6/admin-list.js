// Admin list: GET /api/admin/users, what the admin dashboard's user table loads (every user with plan,
// status and usage: the admin service gathers it from auth and chat).
// Twin here: `npm run load:twin -- admin-list` (load/twins/admin-list.ts, autocannon).
//   k6 run -e BASE_URL=... -e NOEK_EMAIL=admin@... -e NOEK_PASSWORD=... load/k6/admin-list.js
// Env: RATE (pages per second, 50), DURATION (30s), P95_MS (150), P99_MS (400).
import http from 'k6/http';
import { check } from 'k6';
import {
  arrivalRate,
  BASE_URL,
  credentials,
  jsonParams,
  num,
  signIn,
  summaryTrendStats,
} from './lib/noek.js';

export const options = {
  scenarios: {
    list: arrivalRate({ rate: 50, vus: 10, maxVus: 50 }),
  },
  thresholds: {
    checks: ['rate>0.99'],
    dropped_iterations: ['count<1'],
    'http_req_duration{name:GET /api/admin/users}': [
      `p(95)<${num('P95_MS', 150)}`,
      `p(99)<${num('P99_MS', 400)}`,
    ],
  },
  summaryTrendStats,
};

export function setup() {
  const { email, password } = credentials();
  return { cookies: signIn(email, password) };
}

export default function (data) {
  const res = http.get(
    `${BASE_URL}/api/admin/users`,
    jsonParams(data.cookies, { tags: { name: 'GET /api/admin/users' } }),
  );
  check(res, { 'admin list 200': (r) => r.status === 200 });
}
