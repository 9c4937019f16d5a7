// Shared helpers for the k6 scripts (k6's JavaScript runtime, not Node: no npm imports).
import http from 'k6/http';
import { check, fail } from 'k6';

/** Where the gateway is: in the cluster http://gateway:8080, locally http://localhost:8080. */
export const BASE_URL = (__ENV.BASE_URL || 'http://localhost:8080').replace(/\/+$/, '');
/** The Origin sent on state-changing requests: must be one of the gateway's ALLOWED_ORIGINS. */
export const ORIGIN = __ENV.ORIGIN || BASE_URL;

export const num = (name, def) =>
  __ENV[name] !== undefined && __ENV[name] !== '' ? Number(__ENV[name]) : def;

/** A scenario sending RATE iterations per second for DURATION, VUS pre-allocated and at most MAX_VUS. */
export const arrivalRate = ({ rate, vus, maxVus }) => ({
  executor: 'constant-arrival-rate',
  rate: num('RATE', rate),
  timeUnit: '1s',
  duration: __ENV.DURATION || '30s',
  preAllocatedVUs: num('VUS', vus),
  maxVUs: num('MAX_VUS', maxVus),
});

/** The latency figures every scenario's summary prints. */
export const summaryTrendStats = ['avg', 'min', 'med', 'p(90)', 'p(95)', 'p(99)', 'max'];

/**
 * SPREAD_CLIENTS=1 sends a distinct X-Forwarded-For per VU so the gateway's per-client rate limit sees many
 * clients. Only meaningful when the gateway trusts one proxy hop (TRUST_PROXY_HOPS=1, as in k8s/config.yaml).
 */
export function clientHeaders() {
  if (__ENV.SPREAD_CLIENTS !== '1') return {};
  return { 'X-Forwarded-For': `10.77.${Math.floor(__VU / 250) % 250}.${(__VU % 250) + 1}` };
}

export function jsonParams(cookies, extra = {}) {
  const { headers = {}, ...rest } = extra;
  return {
    headers: { 'Content-Type': 'application/json', Origin: ORIGIN, ...clientHeaders(), ...headers },
    // Request-scoped cookies: sent even over plain http to the in-cluster Service, where the browser-only
    // Secure flag would keep k6's cookie jar from sending them.
    cookies: cookies || {},
    ...rest,
  };
}

/** Signs in and answers the session cookies as k6 request-scoped cookies. */
export function signIn(email, password) {
  const res = http.post(
    `${BASE_URL}/api/auth/login`,
    JSON.stringify({ email, password }),
    jsonParams(
      {},
      {
        tags: { name: 'POST /api/auth/login' },
      },
    ),
  );
  if (!check(res, { 'sign-in 200': (r) => r.status === 200 })) {
    fail(`sign-in as ${email} answered ${res.status}: ${String(res.body).slice(0, 200)}`);
  }
  const cookies = {};
  for (const [name, list] of Object.entries(res.cookies)) {
    if (list.length > 0) cookies[name] = { value: list[0].value, replace: true };
  }
  return cookies;
}

export function credentials() {
  const email = __ENV.NOEK_EMAIL;
  const password = __ENV.NOEK_PASSWORD;
  if (!email || !password)
    fail('set NOEK_EMAIL and NOEK_PASSWORD (a verified account; the admin for chat-send)');
  return { email, password };
}
