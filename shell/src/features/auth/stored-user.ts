import { userSchema, type User } from '@noek/contracts';
import { storageKeys } from '@noek/contracts/storage-keys';

/**
 * The locally stored user record, checked against contracts' userSchema (spec §4: the signed-in
 * state comes from it; decisions.md: a UI cache only). A record that no longer matches counts as
 * signed out. Loaded by the boot only when a record exists, so a signed-out visit needs no zod.
 */
export function readStoredUser(): User | null {
  try {
    const raw = globalThis.localStorage?.getItem(storageKeys.user());
    if (!raw) return null;
    const parsed = userSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null; // unreadable storage or JSON: signed out
  }
}
