import { useEffect, useRef } from 'react';
import type { HostApi } from '@noek/contracts';
import { isApiError } from '@noek/ui';

/** Spec §8: 'Failed to fetch users: {status}' (a call that never reached the server has no status). */
export function fetchUsersFailure(error: unknown): string {
  return `Failed to fetch users: ${isApiError(error) ? error.status : 'no connection'}`;
}

interface UsersQueryState {
  isError: boolean;
  error: unknown;
  errorUpdateCount: number;
  dataUpdatedAt: number;
}

/**
 * A failed load of the users list is the spec's 'Error' toast (destructive). The 5-second poll toasts
 * once per outage (the first failure after the last good answer), so a lasting outage does not raise
 * a toast every 5 seconds over the admin's other toasts; a Refresh the admin presses always answers.
 * Returns `refreshPressed`, to call before the admin's own refetch.
 */
export function useUsersFailureToast(users: UsersQueryState, host: HostApi): () => void {
  const toastedFor = useRef<number | null>(null);
  const pressed = useRef(false);
  const { isError, error, errorUpdateCount, dataUpdatedAt } = users;
  useEffect(() => {
    if (!isError || errorUpdateCount === 0) return;
    if (toastedFor.current === dataUpdatedAt && !pressed.current) return;
    toastedFor.current = dataUpdatedAt;
    pressed.current = false;
    host.toast({ title: 'Error', description: fetchUsersFailure(error), variant: 'destructive' });
    // Keyed on the error count: each failed fetch is looked at once.
  }, [errorUpdateCount]);
  useEffect(() => {
    pressed.current = false;
  }, [dataUpdatedAt]);
  return () => {
    pressed.current = true;
  };
}
