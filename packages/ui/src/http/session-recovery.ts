import { apiPaths } from '@noek/contracts/route-paths';

/**
 * What the shell does when a call answers 401 (its access token expired, or was revoked: sign-out
 * elsewhere, a level change, a block): renew the session once and answer true (the call is retried), or
 * end it here and answer false (the shell shows the sign-in screen and says why). Without it a remote's
 * call would just fail while the screen still looked signed in.
 */
export type SessionRecovery = () => Promise<boolean>;

let recovery: SessionRecovery | undefined;
let pending: Promise<boolean> | undefined;

/** The shell registers its recovery once (undefined removes it: tests, sign-out). */
export function setSessionRecovery(fn: SessionRecovery | undefined): void {
  recovery = fn;
}

/** Runs the registered recovery; calls that fail together share one attempt. */
export function recoverSession(): Promise<boolean> {
  if (!recovery) return Promise.resolve(false);
  pending ??= recovery()
    .catch(() => false)
    .finally(() => {
      pending = undefined;
    });
  return pending;
}

/** Auth's own calls answer 401 for what they are about (a wrong password, no session): never recovered. */
const authPaths: ReadonlySet<string> = new Set(Object.values(apiPaths.auth).map((r) => r.path));
export const isRecoverableRoute = (path: string): boolean => !authPaths.has(path);
