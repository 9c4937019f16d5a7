import { useEffect, useState } from 'react';
import type { AuthSettingsResponse } from '@noek/contracts';
import { authApi } from './auth-api';

/** Default when the settings call fails: the screens still name a support address. */
export const FALLBACK_SUPPORT_EMAIL = 'support@noek.app';

/** Asked once per page (the answer is static); a failure is forgotten so a later screen asks again. */
let settings: Promise<AuthSettingsResponse> | null = null;
function loadSettings(): Promise<AuthSettingsResponse> {
  settings ??= authApi.settings().catch((err: unknown) => {
    settings = null;
    throw err;
  });
  return settings;
}

/**
 * The support address (and dev mailbox link, single-machine mode) from GET /api/auth/settings.
 * Plain state, not react-query: these screens are signed out and must not pull react-query into
 * the sign-in screen's first download.
 */
export function useAuthSettings() {
  const [data, setData] = useState<AuthSettingsResponse | null>(null);
  useEffect(() => {
    let live = true;
    loadSettings().then(
      (s) => live && setData(s),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);
  return {
    supportEmail: data?.supportEmail ?? FALLBACK_SUPPORT_EMAIL,
    devMailboxUrl: data?.devMailboxUrl ?? null,
  };
}
