import { z } from 'zod';
import { isoDateTimeSchema, positiveIntIdSchema } from '../common/ids.schema';
import { storableText } from '../common/text.schema';

export const SEARCH_QUERY_MAX_LENGTH = 200;
export const SEARCH_RESULTS_MAX = 50;

/** Marks around the matched words in `snippet` and `titleHighlight` (ts_headline's StartSel/StopSel). */
export const SEARCH_MARK_START = '\u0002';
export const SEARCH_MARK_END = '\u0003';

/**
 * GET /api/conversations/search?q=...&archived=true&limit=20 (ours). Any text is a valid query: operators
 * and quotes are plain characters, every word is matched as a prefix, and a query with no words answers [].
 */
export const searchQuerySchema = z.object({
  q: storableText().max(SEARCH_QUERY_MAX_LENGTH),
  /** Include archived conversations. */
  archived: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  limit: z.coerce.number().int().min(1).max(SEARCH_RESULTS_MAX).default(20),
});
export type SearchQuery = z.input<typeof searchQuerySchema>;

/**
 * One conversation that matched, best first. `messageId` is the best-matching message (null when only
 * the title matched); `snippet` is its text around the match, the matched words between
 * SEARCH_MARK_START and SEARCH_MARK_END (plain text, never HTML).
 */
export const searchResultSchema = z.object({
  conversationId: positiveIntIdSchema,
  title: z.string(),
  titleHighlight: z.string(),
  archived: z.boolean(),
  updatedAt: isoDateTimeSchema,
  messageId: positiveIntIdSchema.nullable(),
  snippet: z.string().nullable(),
  rank: z.number(),
});
export type SearchResult = z.infer<typeof searchResultSchema>;
export const searchResponseSchema = z.array(searchResultSchema);
export type SearchResponse = z.infer<typeof searchResponseSchema>;

/** Splits a snippet into plain and matched parts for rendering (no HTML involved). */
export function splitHighlight(text: string): { text: string; match: boolean }[] {
  const parts: { text: string; match: boolean }[] = [];
  const re = new RegExp(`${SEARCH_MARK_START}([^${SEARCH_MARK_END}]*)${SEARCH_MARK_END}`, 'g');
  let last = 0;
  for (const m of text.matchAll(re)) {
    if (m.index > last) parts.push({ text: text.slice(last, m.index), match: false });
    parts.push({ text: m[1] ?? '', match: true });
    last = m.index + m[0].length;
  }
  if (last < text.length) parts.push({ text: text.slice(last), match: false });
  return parts;
}
