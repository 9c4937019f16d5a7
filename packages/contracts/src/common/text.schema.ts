import { z } from 'zod';

/**
 * A UTF-16 unit of a surrogate pair without its partner. JSON can carry one (`"\ud800"`), but UTF-8 cannot:
 * the driver would silently store U+FFFD instead, so two different inputs would read back the same.
 */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export const UNSTORABLE_TEXT_MESSAGE = 'Must not contain NUL characters or unpaired surrogates';

/** Whether PostgreSQL `text` (and any UTF-8 store) holds `value` exactly: no NUL, no lone surrogate. */
export function isStorableText(value: string): boolean {
  return !value.includes('\u0000') && !LONE_SURROGATE.test(value);
}

/**
 * The start of every user string in a request schema: a string that storage can hold (PostgreSQL refuses
 * NUL in text, which would otherwise answer 500). It aborts before the field's own checks, so a client
 * gets one clear 400 naming the field. Chain the field's bounds after it, always with a `.max()`:
 * `storableText().trim().min(1).max(NAME_MAX_LENGTH)` (contract-consistency.test.ts checks every field).
 */
export function storableText() {
  return z.string().refine(isStorableText, { message: UNSTORABLE_TEXT_MESSAGE, abort: true });
}
