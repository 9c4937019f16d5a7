import type { IncomingMessage, ServerResponse } from 'node:http';
import send from 'send';
import { errorCodes, remoteNames, type RemoteName } from '@noek/contracts';
import { sendError } from '../http/json-response';
import { cacheControlFor } from './cache-policy';

export interface StaticSiteOptions {
  shellDistDir: string;
  remoteDistDirs: Record<RemoteName, string>;
}

const REMOTES = new Set<string>(remoteNames);

/** A last path segment with an extension asks for a file; anything else is an app route. */
function looksLikeFile(path: string): boolean {
  const last = path.slice(path.lastIndexOf('/') + 1);
  return last.includes('.');
}

function serveFile(
  req: IncomingMessage,
  res: ServerResponse,
  root: string,
  path: string,
  onMissing: (status: number) => void,
): void {
  send(req, path, {
    root,
    index: false,
    dotfiles: 'ignore',
    cacheControl: false,
    lastModified: true,
    etag: true,
  })
    .on('headers', (r: ServerResponse, file: string) => r.setHeader('Cache-Control', cacheControlFor(file)))
    .on('error', (err: { status?: number }) => onMissing(err.status ?? 500))
    .pipe(res);
}

/**
 * The single-machine mode's web server: the shell's dist at `/` with SPA fallback (any GET that
 * does not name a file gets index.html), and each remote's dist at `/remotes/<name>/`.
 */
export function createStaticSite(options: StaticSiteOptions) {
  const notFound = (res: ServerResponse, requestId: string) =>
    sendError(res, 404, errorCodes.notFound, 'Not found.', requestId);

  return (req: IncomingMessage, res: ServerResponse, path: string, requestId: string): void => {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      sendError(res, 405, 'METHOD_NOT_ALLOWED', `${req.method} is not allowed here.`, requestId, {
        Allow: 'GET, HEAD',
      });
      return;
    }
    if (path.startsWith('/remotes/')) {
      const slash = path.indexOf('/', 9);
      const name = path.slice(9, slash === -1 ? undefined : slash);
      if (slash === -1 || !REMOTES.has(name)) return notFound(res, requestId);
      const dir = options.remoteDistDirs[name as RemoteName];
      serveFile(req, res, dir, path.slice(slash), (status) =>
        status === 404
          ? notFound(res, requestId)
          : sendError(res, status, 'BAD_REQUEST', 'Bad file path.', requestId),
      );
      return;
    }
    if (looksLikeFile(path)) {
      serveFile(req, res, options.shellDistDir, path, (status) =>
        status === 404
          ? notFound(res, requestId)
          : sendError(res, status, 'BAD_REQUEST', 'Bad file path.', requestId),
      );
      return;
    }
    serveFile(req, res, options.shellDistDir, '/index.html', () =>
      sendError(
        res,
        503,
        errorCodes.serviceUnavailable,
        'The web app has not been built on this server. Run `npm run build`, then reload.',
        requestId,
      ),
    );
  };
}
