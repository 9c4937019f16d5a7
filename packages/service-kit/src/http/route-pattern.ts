import type { Request } from 'express';

/**
 * The matched route pattern (/api/chat/conversations/:id), never the raw path, so metrics and
 * logs keep a bounded number of label values. Unmatched requests share one label.
 */
export function routePattern(req: Request): string {
  const path: unknown = req.route?.path;
  if (typeof path === 'string') return `${req.baseUrl}${path}` || '/';
  return 'unmatched';
}
