/**
 * Hostile inputs for the route fuzz (scripts/fuzz-routes.api.test.ts): fixed lists of what has broken
 * servers before, plus values drawn from a seeded generator, so every run sends exactly the same requests.
 */

/** mulberry32: a tiny deterministic PRNG; the seed is fixed, so a failure replays exactly. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** Code point ranges a random string draws from: controls, NUL, ASCII, combining marks, RTL, CJK, lone surrogates, astral. */
const RANGES: [number, number][] = [
  [0x00, 0x1f],
  [0x20, 0x7e],
  [0x300, 0x36f],
  [0x590, 0x5ff],
  [0x200b, 0x202e],
  [0x4e00, 0x4e80],
  [0xd800, 0xdfff],
  [0xfff0, 0xffff],
  [0x1f600, 0x1f64f],
];

function randomString(rand: () => number, maxLength: number): string {
  const length = Math.floor(rand() * maxLength);
  let out = '';
  for (let i = 0; i < length; i += 1) {
    const [lo, hi] = RANGES[Math.floor(rand() * RANGES.length)]!;
    out += String.fromCodePoint(lo + Math.floor(rand() * (hi - lo + 1)));
  }
  return out;
}

function randomJson(rand: () => number, depth: number): unknown {
  const pick = Math.floor(rand() * (depth > 0 ? 7 : 5));
  if (pick === 0) return null;
  if (pick === 1) return rand() < 0.5;
  if (pick === 2) return (rand() - 0.5) * 10 ** Math.floor(rand() * 40);
  if (pick === 3) return Math.floor((rand() - 0.5) * 2 ** 34);
  if (pick === 4) return randomString(rand, 40);
  if (pick === 5) return Array.from({ length: Math.floor(rand() * 4) }, () => randomJson(rand, depth - 1));
  return Object.fromEntries(
    Array.from({ length: Math.floor(rand() * 4) }, () => [
      randomString(rand, 8),
      randomJson(rand, depth - 1),
    ]),
  );
}

function nested(depth: number): unknown {
  let v: unknown = 'deep';
  for (let i = 0; i < depth; i += 1) v = { a: v };
  return v;
}

/** What replaces one field of a valid body or query: strings storage cannot hold, wrong types, extremes. */
export function hostileValues(rand: () => number): unknown[] {
  return [
    '',
    '   ',
    '\u0000',
    'a\u0000b',
    '\ud800',
    'x\udc00y',
    '\u202e\u200b',
    'Z\u0351\u036b\u0343\u036a\u0302\u036b\u033d\u034f\u0334\u0319',
    '😀'.repeat(600),
    'x'.repeat(70_000),
    "' OR '1'='1' --",
    '<img src=x onerror=alert(1)>',
    '%00',
    '../../../etc/passwd',
    '__proto__',
    0,
    -1,
    1.5,
    2_147_483_648,
    Number.MAX_SAFE_INTEGER + 1,
    1e308,
    -1e308,
    true,
    null,
    [],
    ['a', 1, null],
    {},
    { $gt: '' },
    nested(200),
    ...Array.from({ length: 4 }, () => randomString(rand, 300)),
    ...Array.from({ length: 3 }, () => randomJson(rand, 3)),
  ];
}

/** Route parameter values (already URL-encoded as they appear in the path). */
export const hostileParams = [
  '0',
  '-1',
  '1.5',
  '1e3',
  '2147483648',
  '99999999999999999999',
  'abc',
  '%00',
  '%',
  '%E0%A4%A',
  '%ED%A0%80',
  '..%2F..%2Fadmin',
  'x'.repeat(3000),
  '%F0%9F%98%80',
  "'%20OR%201=1",
  '00000000-0000-0000-0000-000000000000',
  'FFFFFFFF-FFFF-4FFF-BFFF-FFFFFFFFFFFF',
  '__proto__',
  'constructor',
];

/** Query strings added to every route, on top of the per-field ones. */
export const hostileQueries = [
  '%',
  '__proto__[polluted]=1&constructor[prototype][x]=1',
  `${'a'.repeat(4000)}=1`,
  'a=%00&b=%ED%A0%80',
  'limit=1&limit=2&limit=3',
];

export interface RawBody {
  label: string;
  body?: Buffer | string;
  headers?: Record<string, string>;
}

const json = { 'content-type': 'application/json' };

/** Whole bodies that are not what any route expects: empty, broken, wrongly typed, too deep, too big. */
export const hostileBodies: RawBody[] = [
  { label: 'no body' },
  { label: 'empty JSON', body: '', headers: json },
  { label: 'truncated JSON', body: '{"a":', headers: json },
  { label: 'trailing comma', body: '{"a":1,}', headers: json },
  { label: 'JSON null', body: 'null', headers: json },
  { label: 'JSON array', body: '[1,{"a":2}]', headers: json },
  { label: 'JSON string', body: '"text"', headers: json },
  { label: 'JSON number', body: '1e400', headers: json },
  { label: 'deep arrays', body: '['.repeat(20_000) + ']'.repeat(20_000), headers: json },
  { label: 'deep objects', body: '{"a":'.repeat(5_000) + '1' + '}'.repeat(5_000), headers: json },
  {
    label: 'prototype keys',
    body: '{"__proto__":{"isAdmin":true},"constructor":{"prototype":{"x":1}}}',
    headers: json,
  },
  {
    label: 'invalid UTF-8',
    body: Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d]),
    headers: json,
  },
  {
    label: 'UTF-16 charset',
    body: '{"a":1}',
    headers: { 'content-type': 'application/json; charset=utf-16' },
  },
  {
    label: 'unknown charset',
    body: '{"a":1}',
    headers: { 'content-type': 'application/json; charset=bogus' },
  },
  { label: 'text/plain', body: '{"a":1}', headers: { 'content-type': 'text/plain' } },
  { label: 'form', body: 'a=1&b=%00', headers: { 'content-type': 'application/x-www-form-urlencoded' } },
  { label: 'multipart', body: '--x\r\n\r\n', headers: { 'content-type': 'multipart/form-data; boundary=x' } },
  { label: 'garbage gzip', body: 'not gzip', headers: { ...json, 'content-encoding': 'gzip' } },
  { label: 'unknown encoding', body: '{}', headers: { ...json, 'content-encoding': 'br2' } },
  { label: 'over the body limit', body: `{"a":"${'x'.repeat(200_000)}"}`, headers: json },
  { label: 'garbage cookie', body: '{}', headers: { ...json, cookie: 'noek_access=%%%; noek_refresh=%E0' } },
  { label: 'garbage bearer', body: '{}', headers: { ...json, authorization: 'Bearer a.b.c' } },
  { label: 'event-stream accept', body: '{}', headers: { ...json, accept: 'text/event-stream' } },
];
