/**
 * No bad input reaches a 5xx: every route of every service (apiRoutes and internalRoutes),
 * signed out and signed in (internal routes: with a service token), gets hostile bodies, params and
 * queries, each changing one part of a valid request (scripts/lib/fuzz-corpus.ts). A 5xx, a request
 * without an answer in time, a dropped connection or a service that stops answering /healthz fails the
 * route's test, listing every offending request. The hostile values are fixed or drawn from a fixed seed,
 * so each run sends the same requests.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  actorHeader,
  apiRoutes,
  internalRoutes,
  serviceForApiPath,
  serviceTokenHeader,
  type ApiRoute,
  type ServiceName,
} from '@noek/contracts';
import { RUN_LAST, SESSION_ENDERS, seedFor, type Seed } from './lib/fuzz-corpus';
import { makeFixtures, signIn, type SignedInFixtures } from './lib/fuzz-fixtures';
import { sendRaw, type RawOutcome, type RawRequest } from './lib/fuzz-http';
import { startFuzzStack, type FuzzStack } from './lib/fuzz-stack';
import { hostileBodies, hostileParams, hostileQueries, hostileValues, seededRandom } from './lib/fuzz-values';

const SEED = 0x15_08;
/** Long enough for an argon2 hash on a loaded 2-core machine; a hang never answers at all. */
const REQUEST_TIMEOUT_MS = 10_000;

function flatten(table: object): ApiRoute[] {
  return Object.values(table).flatMap((v: ApiRoute | object) =>
    'method' in v && 'path' in v ? [v as ApiRoute] : flatten(v),
  );
}
const key = (r: ApiRoute) => `${r.method} ${r.path}`;
const internalService = (path: string): ServiceName => (path.startsWith('/internal/auth') ? 'auth' : 'chat');
const routes = [...flatten(apiRoutes), ...flatten(internalRoutes)]
  .map((r) => ({
    ...r,
    service: r.path.startsWith('/internal') ? internalService(r.path) : serviceForApiPath(r.path),
  }))
  .filter((r): r is ApiRoute & { service: ServiceName } => r.service !== undefined)
  .sort((a, b) => RUN_LAST.indexOf(key(a)) - RUN_LAST.indexOf(key(b)));

interface Case {
  label: string;
  params: Record<string, string>;
  query: string;
  body?: Buffer | string;
  headers: Record<string, string>;
  /** Hostile as a whole (body or query string), not one field of a valid request. */
  wholeRequest?: boolean;
}

const encodeQuery = (q: Record<string, string>) => new URLSearchParams(q).toString();
const jsonCase = (label: string, seed: Seed, body: unknown, extra: Partial<Case> = {}): Case => ({
  label,
  params: seed.params ?? {},
  query: encodeQuery(seed.query ?? {}),
  body: body === undefined ? undefined : JSON.stringify(body),
  headers: body === undefined ? {} : { 'content-type': 'application/json' },
  ...extra,
});

/**
 * One valid request, then each part of it replaced by each hostile value in turn. Every case takes a new
 * seed (a new email), so a hostile name reaches the insert instead of stopping at "already registered".
 */
function casesFor(makeSeed: () => Seed, rand: () => number): Case[] {
  const shape = makeSeed();
  const cases: Case[] = [jsonCase('the valid seed', shape, shape.body)];
  const withBody = (label: string, change: (body: Record<string, unknown>) => Record<string, unknown>) => {
    const seed = makeSeed();
    cases.push(jsonCase(label, seed, change(seed.body ?? {})));
  };
  for (const [field, valid] of Object.entries(shape.body ?? {})) {
    withBody(`body.${field} missing`, (b) => ({ ...b, [field]: undefined }));
    for (const [i, value] of hostileValues(rand).entries())
      withBody(`body.${field} = hostile #${i}`, (b) => ({ ...b, [field]: value }));
    if (Array.isArray(valid))
      for (const [i, value] of hostileValues(rand).entries())
        withBody(`body.${field}[0] = hostile #${i}`, (b) => ({ ...b, [field]: [value] }));
  }
  for (const name of Object.keys(shape.params ?? {}))
    for (const value of hostileParams) {
      const seed = makeSeed();
      cases.push(
        jsonCase(`param ${name} = ${value.slice(0, 40)}`, seed, seed.body, {
          params: { ...seed.params, [name]: value },
        }),
      );
    }
  for (const name of Object.keys(shape.query ?? {}))
    for (const value of [...hostileParams, '']) {
      const seed = makeSeed();
      const query = encodeQuery({ ...seed.query, [name]: 'x' }).replace(`${name}=x`, `${name}=${value}`);
      cases.push(jsonCase(`query ${name} = ${value.slice(0, 40)}`, seed, seed.body, { query }));
    }
  for (const q of hostileQueries)
    cases.push(jsonCase(`query ${q.slice(0, 40)}`, shape, shape.body, { query: q, wholeRequest: true }));
  for (const raw of hostileBodies)
    cases.push({
      ...jsonCase(`body: ${raw.label}`, shape, undefined),
      body: raw.body,
      headers: raw.headers ?? {},
      wholeRequest: true,
    });
  return cases;
}

function toRequest(route: ApiRoute, c: Case, identity: Record<string, string>): RawRequest {
  const path = route.path.replace(/:([A-Za-z]+)/g, (_, name: string) => c.params[name] ?? '1');
  return {
    method: route.method,
    path: c.query ? `${path}?${c.query}` : path,
    headers: { ...identity, ...c.headers },
    body: c.body,
  };
}

let stack: FuzzStack;
let sent = 0;
let fixtures: SignedInFixtures;
beforeAll(async () => {
  stack = await startFuzzStack();
  fixtures = await makeFixtures(stack);
}, 60_000);
afterAll(async () => {
  console.info(`route fuzz: ${sent} requests over ${routes.length} routes (seed ${SEED})`);
  await stack?.close();
});

async function identities(
  route: ApiRoute & { service: ServiceName },
): Promise<[string, Record<string, string>][]> {
  if (!route.path.startsWith('/internal')) {
    const cookie = SESSION_ENDERS.includes(key(route)) ? (await signIn(stack)).cookie : fixtures.cookie;
    return [
      ['signed out', {}],
      ['signed in', { cookie }],
    ];
  }
  const token = stack.serviceToken(route.service === 'auth' ? 'auth' : 'chat');
  // chat's usage API also wants the acting admin's own session (admin forwards it).
  const session: Record<string, string> = route.service === 'chat' ? { cookie: fixtures.cookie } : {};
  return [
    ['signed out', {}],
    ['service', { ...session, [serviceTokenHeader]: token, [actorHeader]: fixtures.adminId }],
  ];
}

describe('what storage cannot hold is a 400 naming the field (issue 15)', () => {
  const post = async (url: string, body: unknown, cookie?: string) => {
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
      body: JSON.stringify(body),
    });
    return {
      status: res.status,
      body: (await res.json()) as { code: string; fields?: Record<string, string[]> },
    };
  };

  it.each([
    ['a NUL', 'Ada\u0000'],
    ['a lone surrogate', 'Ada\ud800'],
  ])('%s in a sign-up name or a conversation title', async (_, text) => {
    const signup = await post(`${stack.urls.auth}/api/auth/signup`, {
      name: text,
      email: 'nul-name@example.com',
      password: 'fuzz-password',
    });
    expect(signup).toMatchObject({ status: 400, body: { code: 'VALIDATION_FAILED' } });
    expect(Object.keys(signup.body.fields ?? {})).toEqual(['body.name']);
    const title = await post(`${stack.urls.chat}/api/conversations`, { title: text }, fixtures.cookie);
    expect(title).toMatchObject({ status: 400, body: { code: 'VALIDATION_FAILED' } });
    expect(Object.keys(title.body.fields ?? {})).toEqual(['body.title']);
  });
});

describe('no hostile request gets a 5xx, hangs or stops a service', () => {
  // A route's budget is generous: the machine is shared; a hang is caught per request, not here.
  it.each(routes.map((r) => [key(r), r] as const))('%s', { timeout: 120_000 }, async (_, route) => {
    const rand = seededRandom(SEED);
    const failures: string[] = [];
    const base = stack.urls[route.service];
    const send = (c: Case, identity: Record<string, string>) => {
      sent += 1;
      return sendRaw(base, toRequest(route, c, identity), REQUEST_TIMEOUT_MS);
    };
    const check = (who: string, label: string, outcome: RawOutcome) => {
      if (typeof outcome.status !== 'number' || outcome.status >= 500)
        failures.push(`${who}, ${label}: ${outcome.status} ${outcome.detail}`);
    };
    for (const [who, identity] of await identities(route)) {
      const [valid, ...hostile] = casesFor(() => seedFor(key(route), fixtures), rand);
      const answer = await send(valid!, identity);
      check(who, valid!.label, answer);
      // Refused before any handler (401/403 on the valid request): only whole bodies and queries can
      // still reach code (parsers, authentication); field values cannot, so they are not sent.
      const refused = answer.status === 401 || answer.status === 403;
      // A lost session would leave the signed-in fuzz blind (everything a quick 401): that fails too.
      if (who !== 'signed out' && answer.status === 401)
        failures.push(`${who}, the valid seed: 401, session lost`);
      for (const c of refused ? hostile.filter((x) => x.wholeRequest) : hostile)
        check(who, c.label, await send(c, identity));
    }
    for (const [name, url] of Object.entries(stack.urls)) {
      const health = await sendRaw(url, { method: 'GET', path: '/healthz' }, REQUEST_TIMEOUT_MS);
      if (health.status !== 200) failures.push(`${name} /healthz afterwards: ${health.status}`);
    }
    expect(failures).toEqual([]);
  });
});
