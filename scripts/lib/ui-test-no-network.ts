/**
 * Setup for the `ui` test project (happy-dom): a test's server is a stub it installs (vi.stubGlobal('fetch'));
 * a call nobody stubbed, or one that fires after its test restored the globals, fails at once as a network
 * failure instead of dialing happy-dom's localhost:3000, where a refused (or, worse, answered) connection
 * lands in a later test or after the environment is torn down.
 */
import { expect } from 'vitest';

const unstubbedFetch: typeof fetch = (input) => {
  const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
  // Said aloud, so the test that leaks a call can be found and made to wait for it.
  console.error(
    `unstubbed fetch ${url} in: ${expect.getState().currentTestName ?? '(after its test ended)'}`,
  );
  return Promise.reject(new TypeError(`Failed to fetch: the ui tests have no network (${url})`));
};
globalThis.fetch = unstubbedFetch;
