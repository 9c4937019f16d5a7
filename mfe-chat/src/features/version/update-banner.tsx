import { useEffect, useState } from 'react';
import { VERSION_POLL_INTERVAL_MS, apiRoutes, storageKeys } from '@noek/contracts';
import { api } from '@noek/ui';

/** GET /api/version with a timestamp query, never from a cache (spec §7). */
const fetchVersion = () =>
  api(apiRoutes.version, { query: { t: String(Date.now()) }, cache: 'no-store' }).then((v) => v.version);

/**
 * Spec §4 version check: the first version seen is stored; a later server version that differs shows
 * 'Website Updated!' with 'Reload Now' and a dismiss control. Polled every 120 s with a timestamp query.
 */
export function useNewVersion(intervalMs: number = VERSION_POLL_INTERVAL_MS): boolean {
  const [updated, setUpdated] = useState(false);
  useEffect(() => {
    let stopped = false;
    const check = async () => {
      try {
        const version = await fetchVersion();
        const key = storageKeys.lastSeenVersion();
        const seen = localStorage.getItem(key);
        if (seen === null) localStorage.setItem(key, version);
        else if (seen !== version && !stopped) setUpdated(true);
      } catch (err) {
        console.error('Version check failed', err);
      }
    };
    void check();
    const timer = setInterval(() => void check(), intervalMs);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [intervalMs]);
  return updated;
}

export function UpdateBanner({ intervalMs }: { intervalMs?: number }) {
  const updated = useNewVersion(intervalMs);
  const [dismissed, setDismissed] = useState(false);
  if (!updated || dismissed) return null;
  const reload = async () => {
    try {
      const version = await fetchVersion();
      localStorage.setItem(storageKeys.lastSeenVersion(), version);
    } catch {
      // reload anyway
    }
    window.location.reload();
  };
  return (
    <div className="chat-update" role="status">
      <strong>Website Updated!</strong>
      <button type="button" className="noek-btn" onClick={() => void reload()}>
        Reload Now
      </button>
      <button
        type="button"
        className="chat-update__dismiss"
        aria-label="Dismiss"
        onClick={() => setDismissed(true)}
      >
        ×
      </button>
    </div>
  );
}
