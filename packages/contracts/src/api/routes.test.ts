import { describe, expect, it } from 'vitest';
import { serviceForApiPath as serviceForPath } from '../gateway/routes.schema';
import { apiRoutes, routePath, type ApiRoute } from './routes';

describe('routePath', () => {
  it('fills and encodes params', () => {
    expect(routePath(apiRoutes.conversations.update, { id: 7 })).toBe('/api/conversations/7');
    expect(routePath(apiRoutes.admin.ban, { id: 'a b' })).toBe('/api/admin/users/a%20b/ban');
    expect(routePath(apiRoutes.auth.login)).toBe('/api/auth/login');
  });
  it('refuses a missing param', () => {
    expect(() => routePath(apiRoutes.conversations.remove)).toThrow(/Missing route param "id"/);
  });
});

describe('serviceForPath', () => {
  it('maps every prefix of spec §7', () => {
    expect(serviceForPath('/api/auth/login')).toBe('auth');
    expect(serviceForPath('/api/verify-email')).toBe('auth');
    expect(serviceForPath('/api/resend-verification')).toBe('auth');
    expect(serviceForPath('/api/conversations/3/messages')).toBe('chat');
    expect(serviceForPath('/api/subscription/status')).toBe('billing');
    expect(serviceForPath('/api/payment/subscribe')).toBe('billing');
    expect(serviceForPath('/api/admin/users')).toBe('admin');
  });
  it('matches whole segments only and leaves the gateway its own', () => {
    expect(serviceForPath('/api/authx')).toBeUndefined();
    expect(serviceForPath('/api/version')).toBeUndefined();
    expect(serviceForPath('/other')).toBeUndefined();
  });
  it('routes every api route except /api/version to a service', () => {
    const all = Object.values(apiRoutes).flatMap((g) => ('path' in g ? [g] : Object.values(g))) as ApiRoute[];
    for (const r of all) {
      if (r === apiRoutes.version) expect(serviceForPath(r.path)).toBeUndefined();
      else expect(serviceForPath(r.path), r.path).not.toBeUndefined();
    }
  });
});
