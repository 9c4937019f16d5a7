import type { HostApi } from '../frontend/remote-props';

type Required = 'navigate' | 'toast' | 'setView' | 'setUser' | 'signOut';

/**
 * The remote-to-shell API for a remote's UI tests: each method a spy made by `spy` (e.g. `() => vi.fn()`),
 * so a test can check what the remote asked the shell to do, with the contract's shape kept in one place.
 */
export function spyHostApi<S>(spy: () => S): HostApi & Record<Required, S> {
  const host = { navigate: spy(), toast: spy(), setView: spy(), setUser: spy(), signOut: spy() };
  return host as unknown as HostApi & Record<Required, S>;
}
