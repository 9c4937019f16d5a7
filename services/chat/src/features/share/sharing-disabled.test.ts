import { describe, expect, it } from 'vitest';
import type { AuthUser } from '@noek/service-kit';
import type { ChatContext } from '../../context';
import { createShare } from './create-share';
import { SharingSwitch } from './sharing-switch';
import { viewShared } from './view-shared';

// With SHARING_ENABLED=false nothing is read or written: the check comes before any repository call.
const ctx = {
  sharing: new SharingSwitch(false),
  shares: new Proxy({}, { get: () => () => Promise.reject(new Error('no storage call expected')) }),
} as unknown as ChatContext;
const auth = { id: '6f1c2a9e-3b4d-4c5e-8f70-1a2b3c4d5e6f' } as AuthUser;

describe('sharing turned off', () => {
  it('refuses new links (403) and existing ones (410) with SHARING_DISABLED', async () => {
    await expect(createShare(ctx, auth, 1, {})).rejects.toMatchObject({
      status: 403,
      code: 'SHARING_DISABLED',
    });
    await expect(viewShared(ctx, 'A'.repeat(22))).rejects.toMatchObject({
      status: 410,
      code: 'SHARING_DISABLED',
    });
  });

  it('follows the newest admin setting over SHARING_ENABLED, whatever order they arrive in', () => {
    const s = new SharingSwitch(true);
    expect(s.enabled()).toBe(true);
    expect(s.apply(false, new Date(2000))).toBe(true);
    expect(s.enabled()).toBe(false);
    expect(s.apply(true, new Date(1000))).toBe(false);
    expect(s.enabled()).toBe(false);
    expect(s.apply(true, new Date(3000))).toBe(true);
    expect(s.enabled()).toBe(true);
  });
});
