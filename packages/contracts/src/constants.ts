import type { AccessLevel } from './entities/access-level.schema';

/** Business constants of spec §9. One place, so UI and services never disagree. */
export const PASSWORD_MIN_LENGTH_SIGNUP = 8;
/** Change-password and reset-password use the shorter minimum (spec §5, §9). */
export const PASSWORD_MIN_LENGTH_CHANGE = 6;
/** Upper bound only to cap hashing cost; long and Unicode passwords are never truncated. */
export const PASSWORD_MAX_LENGTH = 1024;

export const MAX_SELECTED_CONVERSATIONS = 10;
export const VERSION_POLL_INTERVAL_MS = 120_000;
export const ADMIN_USERS_REFRESH_MS = 5_000;
export const ADMIN_PAGE_SIZE = 30;
export const HANDOFF_VALIDITY_MS = 30_000;
export const INPUT_MAX_HEIGHT_PX = 128;
/** The sidebar auto-closes on selecting a conversation when the window is narrower than this. */
export const SIDEBAR_BREAKPOINT_PX = 768;
export const COPY_RESET_MS = 2_000;
export const BAN_MIN_DURATION_HOURS = 1;
export const BAN_DURATION_EXAMPLES_HOURS = [1, 24, 168] as const;
/** Upper bound (100 years) so an end time always fits a timestamp column. */
export const BAN_MAX_DURATION_HOURS = 876_000;
export const MESSAGE_MAX_LENGTH = 32_000;

export const PRICES_USD_PER_MONTH = { basic: 0, supernoek: 30 } as const;
export const DEFAULT_THEME = 'light' as const;
export const FADE_IN_THRESHOLD = 0.1;
export const FADE_IN_ROOT_MARGIN = '50px';
export const CONFETTI_DURATION_MS = 3_000;
export const CONFETTI_ICON_COUNT = 50;
export const MAX_TOASTS = 1;

/** The two special messages that toggle fun mode (spec §4). */
export const FUN_MODE_ON_COMMAND = ':fun.mode=on';
export const FUN_MODE_OFF_COMMAND = ':fun.mode=off';

export type MessageLimit = {
  /** Messages allowed per window; null = unlimited. */
  limit: number | null;
  /** Window length in hours; null = never resets (unlimited). */
  periodHours: number | null;
};

/**
 * THE table of message limits per level (spec §9), used for enforcement (chat) and display (admin).
 * supernoek is enforced as 10000 per 4 hours; see SUPERNOEK_PLAN_DISPLAY_LIMIT for what plan pages print.
 */
export const messageLimits = {
  basic: { limit: 3_000, periodHours: 24 },
  premium: { limit: 25_000, periodHours: 2 },
  supernoek: { limit: 10_000, periodHours: 4 },
  admin: { limit: null, periodHours: null },
} as const satisfies Record<AccessLevel, MessageLimit>;

/** The limit of a level; no level counts as basic (spec §6). */
export function messageLimitFor(level: AccessLevel | null | undefined): MessageLimit {
  return messageLimits[level ?? 'basic'];
}

/**
 * DISPLAY TEXT ONLY, never used for enforcement. The spec's plan pages print this figure for the
 * supernoek plan although its limits table says 10000 per 4 hours; decisions.md keeps both readings:
 * enforcement uses `messageLimits.supernoek`, plan pages print this string.
 */
export const SUPERNOEK_PLAN_DISPLAY_LIMIT = '50000 messages per day';
/** What plan pages print for the basic plan (matches the enforced limit). */
export const BASIC_PLAN_DISPLAY_LIMIT = '3000 messages per day';
