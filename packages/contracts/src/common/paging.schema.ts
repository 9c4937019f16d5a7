import { z } from 'zod';

/** The largest page a list route answers. */
export const MAX_PAGE_SIZE = 200;
/** Without `limit`, a list answers this many rows at most (spec §7 clients read whole lists). */
export const UNPAGED_LIST_LIMIT = 1000;

/** `?limit=&offset=` on list routes: optional paging, the whole list when `limit` is absent. */
export const pageQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).optional(),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});
export type PageQuery = z.output<typeof pageQuerySchema>;
