// Every request a k6 scenario sends targets a route that exists in packages/contracts (apiRoutes), with the
// method the contract gives it; and every scenario operators rely on exists, with thresholds and a twin that
// runs here. A renamed route fails this test instead of a load test in production.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { apiRoutes, type ApiRoute } from '@noek/contracts';
import { twins } from '../twins/twins';

const dir = fileURLToPath(new URL('.', import.meta.url));
const scripts = readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.js'));
const k6Method: Record<string, string> = {
  get: 'GET',
  post: 'POST',
  patch: 'PATCH',
  put: 'PUT',
  del: 'DELETE',
};

const allRoutes: ApiRoute[] = Object.values(apiRoutes).flatMap((group) =>
  'method' in group ? [group as ApiRoute] : (Object.values(group) as ApiRoute[]),
);

/** `http.post(`${BASE_URL}/api/conversations/${id}/messages?x=1`` -> POST /api/conversations/*\/messages. */
export function requestsOf(source: string): { method: string; path: string }[] {
  const found: { method: string; path: string }[] = [];
  const re = /http\.(get|post|patch|put|del)\(\s*`\$\{BASE_URL\}(\/api\/[^`?]*)/g;
  for (const m of source.matchAll(re)) found.push({ method: k6Method[m[1]!]!, path: m[2]! });
  return found;
}

export function routeFor(method: string, path: string): ApiRoute | undefined {
  const concrete = path.replace(/\$\{[^}]+\}/g, 'x');
  return allRoutes.find(
    (r) =>
      r.method === method &&
      new RegExp(`^${r.path.replace(/:[A-Za-z]+/g, '[^/]+')}$`).test(concrete) &&
      // A literal segment of the contract is never filled by a template value, and the reverse.
      r.path.split('/').length === path.split('/').length,
  );
}

describe('k6 scenarios', () => {
  it.each(scripts)('%s targets only routes of the contracts', (file) => {
    const requests = requestsOf(readFileSync(join(dir, file), 'utf8'));
    if (file.startsWith('lib')) expect(requests.length).toBeGreaterThanOrEqual(0);
    else expect(requests.length, 'a scenario sends at least one request').toBeGreaterThan(0);
    const unknown = requests.filter((r) => !routeFor(r.method, r.path)).map((r) => `${r.method} ${r.path}`);
    expect(unknown).toEqual([]);
  });

  it.each(['sign-in', 'chat-send', 'admin-list', 'webhook-delivery'])(
    '%s exists, has thresholds, and has a twin that runs here',
    (name) => {
      const source = readFileSync(join(dir, `${name}.js`), 'utf8');
      expect(source).toMatch(/thresholds:\s*\{/);
      expect(Object.keys(twins)).toContain(name);
      expect(existsSync(join(dir, '..', twins[name as keyof typeof twins].file))).toBe(true);
    },
  );

  it('catches a route that is not in the contracts', () => {
    const [bad] = requestsOf('http.get(`${BASE_URL}/api/admin/userz?page=1`)');
    expect(bad).toEqual({ method: 'GET', path: '/api/admin/userz' });
    expect(routeFor(bad!.method, bad!.path)).toBeUndefined();
    expect(routeFor('DELETE', '/api/admin/users')).toBeUndefined();
    expect(routeFor('POST', '/api/conversations/${id}/messages')).toEqual(apiRoutes.conversations.send);
  });
});
