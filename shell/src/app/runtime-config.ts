import { SHELL_CONFIG_PATH, shellConfigSchema, type ShellConfig } from '@noek/contracts';
import { apiCall } from '@noek/ui';

/** With no config the shell still works: loopback hosts and unknown hosts show the chat app. */
export const fallbackShellConfig: ShellConfig = { chatHosts: [], marketingHosts: [], version: 'unknown' };

/** GET /config.json (served by the gateway); a missing or bad file falls back rather than blanking the page. */
export async function loadShellConfig(): Promise<ShellConfig> {
  try {
    return await apiCall(
      { method: 'GET', path: SHELL_CONFIG_PATH },
      { parse: (d) => shellConfigSchema.parse(d) },
    );
  } catch (err) {
    console.warn(`Noek: ${SHELL_CONFIG_PATH} unavailable, using defaults`, err);
    return fallbackShellConfig;
  }
}
