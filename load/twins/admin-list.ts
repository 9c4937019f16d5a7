// Twin of load/k6/admin-list.js: the admin user table (GET /api/admin/users) with autocannon, against a
// running Noek (BASE_URL), signed in as an admin (NOEK_EMAIL, NOEK_PASSWORD). Thresholds as in the k6 script:
// every answer 200, p95 < P95_MS (150), p99 < P99_MS (400).
import autocannon from 'autocannon';
import { apiRoutes } from '@noek/contracts';
import { baseUrl, connections, durationS, signIn, verdict } from './target';

const cookie = await signIn();
const r = await autocannon({
  url: `${baseUrl}${apiRoutes.admin.users.path}`,
  connections,
  duration: durationS,
  headers: { cookie },
});
console.log(
  `admin-list: ${r.requests.average.toFixed(0)} req/s, p50 ${r.latency.p50} ms, p99 ${r.latency.p99} ms`,
);
process.exitCode = verdict('admin-list', [
  [`every answer 200 (${r.non2xx} others, ${r.errors} errors)`, r.non2xx === 0 && r.errors === 0],
  [
    `p97.5 ${r.latency.p97_5} ms < ${Number(process.env.P95_MS ?? 150)} ms`,
    r.latency.p97_5 < Number(process.env.P95_MS ?? 150),
  ],
  [
    `p99 ${r.latency.p99} ms < ${Number(process.env.P99_MS ?? 400)} ms`,
    r.latency.p99 < Number(process.env.P99_MS ?? 400),
  ],
]);
