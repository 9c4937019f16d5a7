import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  adminBanRequestSchema,
  adminUpdateUsageRequestSchema,
  adminUpdateUserRequestSchema,
  adminUsersQuerySchema,
} from '../api/admin.schema';
import {
  changePasswordRequestSchema,
  emailOnlyRequestSchema,
  handoffConfirmQuerySchema,
  handoffExchangeRequestSchema,
  handoffLogoutRequestSchema,
  handoffQuerySchema,
  loginRequestSchema,
  resetPasswordRequestSchema,
  signupRequestSchema,
  verifyEmailQuerySchema,
} from '../api/auth.schema';
import {
  createConversationRequestSchema,
  sendMessageRequestSchema,
  updateConversationRequestSchema,
} from '../api/conversations.schema';
import { testCardAuthenticateRequestSchema, testCardPayRequestSchema } from '../api/subscription.schema';
import { handoffCreateRequestSchema } from '../auth/handoff-request.schema';
import { usageListQuerySchema } from '../chat/usage.schema';
import { isStorableText, storableText, UNSTORABLE_TEXT_MESSAGE } from './text.schema';

describe('isStorableText', () => {
  it.each([
    ['plain', 'hello', true],
    ['emoji (a surrogate pair)', 'a 😀 b', true],
    ['accents and CJK', 'Zoë 東京', true],
    ['NUL', 'a\u0000b', false],
    ['a lone high surrogate', 'a\ud83db', false],
    ['a lone low surrogate', '\ude00x', false],
    ['a high surrogate at the end', 'x\ud83d', false],
    ['swapped pair', '\ude00\ud83d', false],
  ])('%s', (_, value, storable) => {
    expect(isStorableText(value)).toBe(storable);
  });

  it('stops before the field’s own checks (one clear issue)', () => {
    const r = storableText().trim().min(1).max(3).safeParse('\u0000toolong');
    expect(r.error?.issues.map((i) => i.message)).toEqual([UNSTORABLE_TEXT_MESSAGE]);
  });
});

const uuid = '0b7c1a86-2a55-4e7f-9f8e-1d1d1c9a4b11';
const secret = 'pi_abc123_secret_def456';
/** Every request schema with a user string: a valid sample and where its strings are. */
const requests: [string, z.ZodType, Record<string, unknown>, (string | number)[][]][] = [
  ['login', loginRequestSchema, { email: 'ada@example.com', password: 'x' }, [['email'], ['password']]],
  [
    'signup',
    signupRequestSchema,
    { name: 'Ada', email: 'ada@example.com', password: 'longenough' },
    [['name'], ['email'], ['password']],
  ],
  ['email only', emailOnlyRequestSchema, { email: 'ada@example.com' }, [['email']]],
  [
    'reset password',
    resetPasswordRequestSchema,
    { token: 't', newPassword: 'secret' },
    [['token'], ['newPassword']],
  ],
  [
    'change password',
    changePasswordRequestSchema,
    { currentPassword: 'x', newPassword: 'secret' },
    [['currentPassword'], ['newPassword']],
  ],
  ['verify email', verifyEmailQuerySchema, { token: 't' }, [['token']]],
  ['handoff exchange', handoffExchangeRequestSchema, { token: 't' }, [['token']]],
  ['handoff confirm', handoffConfirmQuerySchema, { token: 't' }, [['token']]],
  ['handoff logout', handoffLogoutRequestSchema, { token: 't' }, [['token']]],
  ['handoff query', handoffQuerySchema, { auth_action: 'logout', auth_token: 't' }, [['auth_token']]],
  ['handoff create', handoffCreateRequestSchema, { targetHost: 'noek.localhost' }, [['targetHost']]],
  ['create conversation', createConversationRequestSchema, { title: 'T' }, [['title']]],
  ['update conversation', updateConversationRequestSchema, { title: 'T' }, [['title']]],
  ['send message', sendMessageRequestSchema, { content: 'hi' }, [['content']]],
  ['admin users query', adminUsersQuerySchema, { search: 'ada' }, [['search']]],
  [
    'admin update user',
    adminUpdateUserRequestSchema,
    {
      name: 'Ada',
      email: 'ada@example.com',
      accessLevel: 'basic',
      specialFeatures: ['beta'],
      newPassword: 'secret',
    },
    [['name'], ['email'], ['specialFeatures', 0], ['newPassword']],
  ],
  ['admin ban', adminBanRequestSchema, { reason: 'spam' }, [['reason']]],
  ['admin usage', adminUpdateUsageRequestSchema, { messageCount: '5' }, [['messageCount']]],
  [
    'test card pay',
    testCardPayRequestSchema,
    { clientSecret: secret, cardNumber: '4242424242424242', expMonth: 12, expYear: 2030, cvc: '123' },
    [['clientSecret'], ['cardNumber'], ['cvc']],
  ],
  [
    'test card authenticate',
    testCardAuthenticateRequestSchema,
    { clientSecret: secret, succeed: true },
    [['clientSecret']],
  ],
  ['usage list', usageListQuerySchema, { userIds: uuid }, [['userIds']]],
];

function withValue(body: Record<string, unknown>, path: (string | number)[], f: (v: string) => string) {
  const copy = structuredClone(body);
  let at: Record<string | number, unknown> = copy;
  for (const key of path.slice(0, -1)) at = at[key] as Record<string | number, unknown>;
  const last = path[path.length - 1]!;
  at[last] = f(String(at[last]));
  return copy;
}

describe.each(requests)('the %s request refuses what storage cannot hold', (_, schema, sample, paths) => {
  it('accepts its sample', () => {
    expect(schema.safeParse(sample).success).toBe(true);
  });
  it.each([
    ['NUL', (v: string) => `${v}\u0000`],
    ['a lone surrogate', (v: string) => `\ud800${v}`],
    ['a huge string', (v: string) => v.repeat(50_000)],
  ])('%s in each string field, naming the field', (_kind, f) => {
    for (const path of paths) {
      const r = schema.safeParse(withValue(sample, path, f));
      expect(r.success, path.join('.')).toBe(false);
      expect(
        r.error?.issues.map((i) => i.path.join('.')),
        path.join('.'),
      ).toContain(path.join('.'));
    }
  });
});
