// Sign-in: POST /api/auth/login with a real account, so each iteration pays the argon2id verification and
// the session issue. Mirrors `npm run bench:auth`.
//   k6 run -e BASE_URL=... -e NOEK_EMAIL=... -e NOEK_PASSWORD=... load/k6/sign-in.js
// Env: RATE (sign-ins per second, 20), DURATION (30s), P95_MS (300), P99_MS (800).
// Sign-in is rate limited per client and per account (by design): for a load test raise the limits on the
// target, e.g. AUTH_RATE_LIMIT_SCALE=1000 on auth and RATE_LIMIT_PER_MINUTE=0 on the gateway, then restore.
// Answers 429 are counted in `rate_limited` and fail the run, so a forgotten limit cannot pass as speed.
import http from 'k6/http';
import { check } from 'k6';
import { Rate, Trend } from 'k6/metrics';
import { arrivalRate, BASE_URL, credentials, jsonParams, num, summaryTrendStats } from './lib/noek.js';

const rateLimited = new Rate('rate_limited');
const signInMs = new Trend('sign_in_duration', true);

export const options = {
  scenarios: {
    signIn: arrivalRate({ rate: 20, vus: 20, maxVus: 100 }),
  },
  thresholds: {
    checks: ['rate>0.99'],
    rate_limited: ['rate<0.01'],
    dropped_iterations: ['count<1'],
    sign_in_duration: [`p(95)<${num('P95_MS', 300)}`, `p(99)<${num('P99_MS', 800)}`],
  },
  summaryTrendStats,
};

export function setup() {
  return credentials();
}

export default function (creds) {
  const res = http.post(
    `${BASE_URL}/api/auth/login`,
    JSON.stringify({ email: creds.email, password: creds.password }),
    jsonParams({}, { tags: { name: 'POST /api/auth/login' } }),
  );
  rateLimited.add(res.status === 429);
  signInMs.add(res.timings.duration);
  check(res, {
    'status 200': (r) => r.status === 200,
    'session cookie set': (r) => Object.keys(r.cookies).length > 0,
    'answers the user': (r) => r.status === 200 && typeof r.json('user.id') !== 'undefined',
  });
}
