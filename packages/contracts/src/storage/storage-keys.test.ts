import { describe, expect, it } from 'vitest';
import { isUserCacheKey, storageKeys } from './storage-keys';

describe('storageKeys', () => {
  it('builds prefix, kind, user id and conversation id', () => {
    expect(storageKeys.user()).toBe('noek:user');
    expect(storageKeys.theme()).toBe('noek:theme');
    expect(storageKeys.conversations('u1')).toBe('noek:conversations:u1');
    expect(storageKeys.messages('u1', 42)).toBe('noek:messages:u1:42');
  });
  it('recognises one user caches and no one else', () => {
    expect(isUserCacheKey('noek:conversations:u1', 'u1')).toBe(true);
    expect(isUserCacheKey('noek:messages:u1:7', 'u1')).toBe(true);
    expect(isUserCacheKey('noek:messages:u10:7', 'u1')).toBe(false);
    expect(isUserCacheKey('noek:conversations:u10', 'u1')).toBe(false);
    expect(isUserCacheKey('noek:theme', 'u1')).toBe(false);
  });
});
