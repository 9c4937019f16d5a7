import type { ShellConfig } from '@noek/contracts';
import { SHELL_CONFIG_PATH } from '@noek/contracts/frontend-paths';
import { apiCall } from '@noek/ui';

/** With no config the shell still works: loopback hosts and unknown hosts show the chat app. */
export const fallbackShellConfig: ShellConfig = { chatHosts: [], marketingHosts: [], version: 'unknown' };

/**
 * GET /config.json (served by the gateway from its validated settings), as plain JSON for the first
 * paint; a missing file falls back rather than blanking the page. `checkShellConfig` then holds it
 * against contracts' schema once zod has loaded (after the first paint).
 */
export async function loadShellConfig(): Promise<ShellConfig> {
  try {
    const raw = await apiCall({ method: 'GET', path: SHELL_CONFIG_PATH }, { parse: (d) => d });
    return raw !== null && typeof raw === 'object' ? (raw as ShellConfig) : fallbackShellConfig;
  } catch (err) {
    console.warn(`Noek: ${SHELL_CONFIG_PATH} unavailable, using defaults`, err);
    return fallbackShellConfig;
  }
}

/** The config checked by contracts' shellConfigSchema; a bad one is replaced by the defaults. */
export async function checkShellConfig(config: ShellConfig): Promise<ShellConfig> {
  if (config === fallbackShellConfig) return config;
  const { shellConfigSchema } = await import('@noek/contracts/boot-schemas');
  const parsed = shellConfigSchema.safeParse(config);
  if (parsed.success) return config;
  console.warn(`Noek: ${SHELL_CONFIG_PATH} does not match the contract, using defaults`, parsed.error);
  return fallbackShellConfig;
}
