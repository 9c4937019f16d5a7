const HOUR_MS = 3_600_000;

/**
 * Spec §9 sidebar label: under 1 hour 'Just now'; under 24 hours 'N hours ago'; under 48 hours
 * 'Yesterday'; otherwise 'N days ago' (whole units, rounded down). '1 hour ago' is singular.
 * A time in the future (clock skew between server and browser) reads 'Just now'; an invalid date ''.
 */
export function relativeTimeLabel(date: Date | string | number, now: Date | number = Date.now()): string {
  const then = new Date(date).getTime();
  const at = new Date(now).getTime();
  if (Number.isNaN(then) || Number.isNaN(at)) return '';
  const hours = Math.floor((at - then) / HOUR_MS);
  if (hours < 1) return 'Just now';
  if (hours < 24) return hours === 1 ? '1 hour ago' : `${hours} hours ago`;
  if (hours < 48) return 'Yesterday';
  return `${Math.floor(hours / 24)} days ago`;
}
