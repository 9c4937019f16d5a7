/**
 * The fuzz's seed corpus: for each route, one valid request (params, query, body). The fuzz changes one
 * part at a time, so a hostile value reaches the deepest code a valid request reaches (a NUL in a name is
 * harmless unless everything else is valid and the row is written). Fresh values (a new email each time)
 * keep a mutation from stopping at "already exists".
 */
import { ADMIN } from './fuzz-stack';

export interface Fixtures {
  adminId: string;
  /** A second (basic, unverified) user the admin routes act on. */
  targetId: string;
  conversationId: number;
  messageId: number;
  clientSecret: string;
}

export interface Seed {
  params?: Record<string, string>;
  query?: Record<string, string>;
  body?: Record<string, unknown>;
}

let counter = 0;
const freshEmail = () => `fuzz-${(counter += 1)}@example.com`;

export function seedFor(routeKey: string, f: Fixtures): Seed {
  const user = { id: f.targetId };
  const usage = { userId: f.targetId };
  const conversation = { id: String(f.conversationId) };
  const message = { ...conversation, messageId: String(f.messageId) };
  const userEdit = {
    name: 'Fuzz Target',
    email: freshEmail(),
    accessLevel: 'basic',
    specialFeatures: ['beta'],
    newPassword: 'fuzz-password-2',
  };
  const seeds: Record<string, Seed> = {
    'POST /api/auth/login': { body: { ...ADMIN } },
    'POST /api/auth/signup': { body: { name: 'Fuzz', email: freshEmail(), password: 'fuzz-password' } },
    'POST /api/resend-verification': { body: { email: freshEmail() } },
    'POST /api/auth/forgot-password': { body: { email: freshEmail() } },
    'POST /api/auth/reset-password': { body: { token: 'not-a-token', newPassword: 'fuzz-password' } },
    'POST /api/auth/change-password': { body: { currentPassword: 'not-it', newPassword: 'fuzz-password' } },
    'GET /api/verify-email': { query: { token: 'not-a-token' } },
    'POST /api/auth/handoff': { body: { targetHost: 'noek.localhost', action: 'login' } },
    'POST /api/auth/handoff/exchange': { body: { token: 'not-a-token', switchAccount: false } },
    'GET /api/auth/handoff/confirm': { query: { token: 'not-a-token' } },
    'POST /api/auth/handoff/logout': { body: { token: 'not-a-token' } },
    'GET /api/conversations': { query: { limit: '5', offset: '0' } },
    'GET /api/conversations/archived': { query: { limit: '5', offset: '0' } },
    'POST /api/conversations': { body: { title: 'Fuzz', userId: f.adminId } },
    'PATCH /api/conversations/:id': { params: conversation, body: { title: 'Fuzzed' } },
    'DELETE /api/conversations/:id': { params: conversation },
    'POST /api/conversations/:id/archive': { params: conversation },
    'POST /api/conversations/:id/unarchive': { params: conversation },
    'GET /api/conversations/:id/messages': { params: conversation },
    'POST /api/conversations/:id/messages': { params: conversation, body: { content: 'hello' } },
    'GET /api/conversations/:id/messages/:messageId/stream': { params: message },
    'POST /api/conversations/:id/messages/:messageId/stop': { params: message },
    'POST /api/conversations/:id/messages/:messageId/retry': { params: message },
    'GET /api/conversations/:id': { params: conversation },
    'GET /api/conversations/search': { query: { q: 'fuzz', archived: 'true', limit: '5' } },
    'POST /api/conversations/:id/pin': { params: conversation },
    'DELETE /api/conversations/:id/pin': { params: conversation },
    'PATCH /api/conversations/pins': { body: { conversationIds: [] } },
    'POST /api/conversations/:id/shares': { params: conversation, body: { expiresInDays: 7 } },
    'DELETE /api/conversations/shares/:shareId': { params: { shareId: 'A'.repeat(22) } },
    'GET /api/shared/:shareId': { params: { shareId: 'A'.repeat(22) } },
    'GET /api/conversations/:id/export': { params: conversation, query: { format: 'markdown' } },
    'POST /api/conversations/import': { body: { format: 'noek.conversation' } },
    'GET /api/admin/users': { query: { search: 'fuzz', page: '1', pageSize: '10' } },
    'PATCH /api/admin/users/:id': { params: user, body: userEdit },
    'POST /api/admin/users/:id/reset-password': { params: user },
    'POST /api/admin/users/:id/reset-usage': { params: user },
    'PATCH /api/admin/users/:id/usage': { params: user, body: { messageCount: 3 } },
    'PATCH /api/admin/users/:id/block': { params: user, body: { isBlocked: false } },
    'POST /api/admin/users/:id/ban': { params: user, body: { reason: 'fuzz', duration: 1 } },
    'POST /api/admin/users/:id/unban': { params: user },
    'POST /api/admin/users/:id/grant-supernoek': {
      params: user,
      body: { expiresAt: '2099-01-01T00:00:00.000Z', sendEmail: false },
    },
    'GET /api/admin/users/:id/audit': { params: user, query: { limit: '5' } },
    'GET /api/admin/audit': { query: { limit: '5' } },
    'POST /api/payment/test-card': {
      body: {
        clientSecret: f.clientSecret,
        cardNumber: '4242 4242 4242 4242',
        expMonth: 12,
        expYear: 2030,
        cvc: '123',
      },
    },
    'POST /api/payment/test-card/authenticate': { body: { clientSecret: f.clientSecret, succeed: true } },
    'GET /internal/auth/users': { query: { after: f.adminId, limit: '10' } },
    'GET /internal/auth/users/:id': { params: user },
    'PATCH /internal/auth/users/:id': { params: user, body: userEdit },
    'POST /internal/auth/users/:id/reset-password': { params: user },
    'PATCH /internal/auth/users/:id/block': { params: user, body: { isBlocked: false } },
    'POST /internal/auth/users/:id/ban': { params: user, body: { reason: 'fuzz', duration: 1 } },
    'POST /internal/auth/users/:id/unban': { params: user },
    'POST /internal/auth/users/:id/grant-supernoek': {
      params: user,
      body: { expiresAt: null, sendEmail: false },
    },
    'GET /internal/usage': { query: { userIds: `${f.adminId},${f.targetId}` } },
    'PATCH /internal/usage/:userId': { params: usage, body: { messageCount: 3 } },
    'POST /internal/usage/:userId/reset': { params: usage },
  };
  return seeds[routeKey] ?? {};
}

/**
 * Routes that end or rotate the session they are called with (a reused refresh token revokes the family):
 * each is fuzzed with a session of its own.
 */
export const SESSION_ENDERS = [
  'POST /api/auth/refresh',
  'POST /api/auth/logout',
  'POST /api/auth/logout-everywhere',
];

/**
 * Routes that end the fuzzing session or the fixtures when they succeed: run last, in this order, so
 * every other route is fuzzed signed in and with its fixtures in place.
 */
export const RUN_LAST = [
  'POST /api/conversations/archive-all',
  'DELETE /api/conversations/:id',
  ...SESSION_ENDERS,
];
