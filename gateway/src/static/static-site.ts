import type { IncomingMessage, ServerResponse } from 'node:http';
import send from 'send';
import { errorCodes, remoteNames, SHARE_PAGE_PREFIX, type RemoteName } from '@noek/contracts';
import { sendError } from '../http/json-response';
import { cacheControlFor } from './cache-policy';
import { contentTypeOf, isCompressible, pickPrecompressed } from './content-encoding';
import { createChatDocuments } from './chat-document';
import {
  createMarketingDocuments,
  isMarketingHost,
  type MarketingDocumentOptions,
} from './marketing-document';
import { sendDocument } from './send-document';

export interface StaticSiteOptions {
  shellDistDir: string;
  remoteDistDirs: Record<RemoteName, string>;
  /** The landing page's prerendered document on marketing hosts (marketing-document.ts). */
  marketing?: Omit<MarketingDocumentOptions, 'shellDistDir' | 'marketingDistDir'>;
  /** False when the shell loads the chat remote from elsewhere (REMOTE_URLS): no hints for its files. */
  chatRemoteServedHere?: boolean;
}

/** Crawlers may read every page; the API is not a page. Served unless the build ships its own. */
const ROBOTS_TXT = 'User-agent: *\nAllow: /\nDisallow: /api/\n';

const REMOTES = new Set<string>(remoteNames);
const robots = { body: Buffer.from(ROBOTS_TXT), type: 'text/plain; charset=utf-8', cacheControl: 'no-cache' };

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
  // The build's .br/.gz copy when the client takes one (never compressed per request here).
  const compressed = pickPrecompressed(root, path, req.headers['accept-encoding']);
  send(req, compressed?.path ?? path, {
    root,
    index: false,
    dotfiles: 'ignore',
    cacheControl: false,
    lastModified: true,
    etag: true,
  })
    .on('headers', (r: ServerResponse) => {
      r.setHeader('Cache-Control', cacheControlFor(path));
      if (isCompressible(path)) r.setHeader('Vary', 'Accept-Encoding');
      if (compressed) {
        r.setHeader('Content-Encoding', compressed.encoding);
        r.setHeader('Content-Type', contentTypeOf(path) ?? 'application/octet-stream');
      }
    })
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
  const marketingDocument = options.marketing
    ? createMarketingDocuments({
        ...options.marketing,
        shellDistDir: options.shellDistDir,
        marketingDistDir: options.remoteDistDirs.marketing,
      })
    : () => null;
  // The signed-in chat page's document with its preload hints (chat-document.ts).
  const chatDocument = createChatDocuments({
    shellDistDir: options.shellDistDir,
    chatDistDir: options.chatRemoteServedHere === false ? undefined : options.remoteDistDirs.chat,
    isMarketingHost: (host) => (options.marketing ? isMarketingHost(host, options.marketing) : false),
  });

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
      serveFile(req, res, options.shellDistDir, path, (status) => {
        if (status === 404 && path === '/robots.txt') return sendDocument(req, res, robots);
        if (status === 404) return notFound(res, requestId);
        sendError(res, status, 'BAD_REQUEST', 'Bad file path.', requestId);
      });
      return;
    }
    const landing = path === '/' ? marketingDocument(req) : null;
    if (landing) return sendDocument(req, res, landing);
    const chatPage = chatDocument(req, path);
    if (chatPage) return sendDocument(req, res, chatPage);
    // A shared conversation's page: readable by anyone with the link, never indexed.
    if (path.startsWith(SHARE_PAGE_PREFIX)) res.setHeader('X-Robots-Tag', 'noindex, nofollow');
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
