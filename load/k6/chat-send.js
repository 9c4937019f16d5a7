// Chat send with a streamed reply: POST /api/conversations/:id/messages answers server-sent events through
// the gateway. `stream_first_byte` is the time to the first byte of the stream (the `started` event, sent
// once the user's message is stored, before the model answers): the figure of `npm run bench:chat`.
// k6 reads each stream to its end, so `stream_complete` is the whole reply and depends on the model.
//   k6 run -e BASE_URL=... -e NOEK_EMAIL=admin@... -e NOEK_PASSWORD=... load/k6/chat-send.js
// Sign in as an admin (no message limit) or raise the account's limit; with no OPENAI_API_KEY the offline
// responder answers (set OFFLINE_WORD_DELAY_MS=0 on chat to measure the pipeline, not the pacing).
// Env: STREAMS (concurrent streams, 20), DURATION (30s), FIRST_BYTE_P50_MS (25), FIRST_BYTE_P99_MS (80).
import http from 'k6/http';
import { check, fail } from 'k6';
import { Rate, Trend } from 'k6/metrics';
import { BASE_URL, credentials, jsonParams, num, signIn, summaryTrendStats } from './lib/noek.js';

const firstByte = new Trend('stream_first_byte', true);
const complete = new Trend('stream_complete', true);
const rateLimited = new Rate('rate_limited');
const replyDone = new Rate('reply_done');

export const options = {
  scenarios: {
    send: {
      executor: 'constant-vus',
      vus: num('STREAMS', 20),
      duration: __ENV.DURATION || '30s',
    },
  },
  thresholds: {
    checks: ['rate>0.99'],
    rate_limited: ['rate<0.01'],
    reply_done: ['rate>0.99'],
    stream_first_byte: [`p(50)<${num('FIRST_BYTE_P50_MS', 25)}`, `p(99)<${num('FIRST_BYTE_P99_MS', 80)}`],
  },
  summaryTrendStats,
};

/** One session for the run (the access token lives 15 minutes: keep DURATION below that). */
export function setup() {
  const { email, password } = credentials();
  return { cookies: signIn(email, password) };
}

// One conversation per VU, created on its first iteration.
let conversationId = null;

export default function (data) {
  if (conversationId === null) {
    const res = http.post(
      `${BASE_URL}/api/conversations`,
      JSON.stringify({ title: `k6 VU ${__VU}` }),
      jsonParams(data.cookies, { tags: { name: 'POST /api/conversations' } }),
    );
    if (!check(res, { 'conversation created': (r) => r.status === 200 || r.status === 201 })) {
      fail(`create conversation answered ${res.status}: ${String(res.body).slice(0, 200)}`);
    }
    conversationId = res.json('id');
  }
  const res = http.post(
    `${BASE_URL}/api/conversations/${conversationId}/messages`,
    JSON.stringify({ content: `Load test message ${__ITER} from VU ${__VU}. Answer in one short sentence.` }),
    jsonParams(data.cookies, {
      headers: { Accept: 'text/event-stream' },
      tags: { name: 'POST /api/conversations/:id/messages' },
      timeout: '120s',
    }),
  );
  rateLimited.add(res.status === 429);
  if (res.status === 200) {
    firstByte.add(res.timings.waiting);
    complete.add(res.timings.duration);
  }
  const body = String(res.body || '');
  replyDone.add(res.status === 200 && body.includes('event: done'));
  check(res, {
    'status 200': (r) => r.status === 200,
    'is an event stream': (r) => String(r.headers['Content-Type'] || '').startsWith('text/event-stream'),
    'stream has started': () => body.includes('event: started'),
  });
}
