import { useState } from 'react';
import type { HostApi } from '@noek/contracts';
import { useRefreshAdmin } from './use-admin-users';

export type ActionToasts<R> = {
  /** Spec §8 success toast (title, optional description from the result). */
  success: (result: R) => { title: string; description?: string; durationMs?: number };
  /** Spec §8 error toast description, e.g. 'Failed to ban user' (title Error, destructive). */
  failure: string;
};

/** Runs one admin call, raises the spec's toast, refreshes the table; `busy` while it runs. */
export function useAdminAction(host: HostApi) {
  const refresh = useRefreshAdmin();
  const [busy, setBusy] = useState(false);
  async function run<R>(call: () => Promise<R>, toasts: ActionToasts<R>): Promise<boolean> {
    setBusy(true);
    try {
      const result = await call();
      host.toast(toasts.success(result));
      void refresh();
      return true;
    } catch {
      host.toast({ title: 'Error', description: toasts.failure, variant: 'destructive' });
      return false;
    } finally {
      setBusy(false);
    }
  }
  return { run, busy };
}
