import type { ServerResponse } from 'node:http';
import { applyHeaders, type HeaderList } from '../security/security-headers';
import { sendError } from './json-response';

export interface OwnAnswers {
  /** The security headers as a flat [name, value, ...] list. */
  headerList: readonly string[];
  /** The gateway's own headers (security headers, X-Request-Id) on an answer it gives itself. */
  prepare(res: ServerResponse, requestId: string): void;
  /** prepare + an error envelope; returns the metrics target 'gateway'. */
  refuse(
    res: ServerResponse,
    requestId: string,
    status: number,
    code: string,
    message: string,
    headers?: Record<string, string>,
  ): 'gateway';
}

export function ownAnswers(security: HeaderList): OwnAnswers {
  const prepare = (res: ServerResponse, requestId: string) => {
    applyHeaders(res, security);
    res.setHeader('X-Request-Id', requestId);
  };
  return {
    headerList: security.flat(),
    prepare,
    refuse(res, requestId, status, code, message, headers) {
      prepare(res, requestId);
      sendError(res, status, code, message, requestId, headers);
      return 'gateway';
    },
  };
}
