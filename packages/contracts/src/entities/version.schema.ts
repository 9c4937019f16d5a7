import { z } from 'zod';

/** GET /api/version?t=<timestamp>; the query only defeats caches. */
export const versionQuerySchema = z.object({ t: z.string().max(32).optional() });
export type VersionQuery = z.infer<typeof versionQuerySchema>;

export const versionResponseSchema = z.object({ version: z.string().min(1) });
export type VersionResponse = z.infer<typeof versionResponseSchema>;
