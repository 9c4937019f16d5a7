import type { Request, Response } from 'express';

/**
 * Error answers that carry more than the common envelope (emailNotVerified, ban reason and end).
 * The body still has code, message and requestId, so clients parse it as an ErrorBody too.
 */
export function sendErrorBody(
  req: Request,
  res: Response,
  status: number,
  body: { code: string; message: string } & Record<string, unknown>,
): void {
  res.status(status).json({ ...body, requestId: req.id });
}
