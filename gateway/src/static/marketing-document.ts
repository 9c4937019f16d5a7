import { readFileSync, statSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { cacheControlFor } from './cache-policy';
import { normalizeHostName } from './host-name';
import type { MemoryDocument } from './send-document';

/** dist/prerender.json of the marketing remote (packages/ui/build/prerender.mjs). */
export interface PrerenderedPage {
  html: string;
  css: string;
  title: string;
  description: string;
  chatUrlPlaceholder: string;
}

export interface MarketingDocumentOptions {
  shellDistDir: string;
  marketingDistDir?: string;
  marketingHosts: readonly string[];
  chatHosts: readonly string[];
  /** CHAT_SITE_URL when configured; else the first chat host on the request's port. */
  chatSiteUrl?: string;
  https: boolean;
}

/** Id the marketing remote removes when it mounts (mfe-marketing/src/app.tsx). */
export const PRERENDER_ID = 'noek-prerender';

const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * The shell's index.html made into the landing page's document: the marketing title and meta
 * tags (spec §2), the page's CSS inline, and its prerendered markup before `#root`, so the landing
 * shows before any script runs. Null when index.html has no `#root` to put it before.
 */
export function composeMarketingDocument(
  index: string,
  page: PrerenderedPage,
  chatUrl: string,
): string | null {
  const root = /<div id="root"><\/div>/;
  if (!root.test(index)) return null;
  const title = escapeHtml(page.title);
  const description = escapeHtml(page.description);
  const body = page.html.split(page.chatUrlPlaceholder).join(escapeHtml(chatUrl.replace(/\/$/, '')));
  // While the prerendered page shows, the shell's "Loading…" placeholder below it stays hidden.
  const css = `${page.css}#${PRERENDER_ID}~#root .shell-remote-state[role=status]{display:none}`;
  return (
    index
      // The shell's preload hints are for pages its scripts draw; this one is drawn already, and its
      // scripts must not compete with the page for the first round trips.
      .replace(/<link rel="preload"[^>]*>/g, '')
      .replace(/<html([^>]*)>/, '<html$1 data-site="marketing">')
      .replace(/<title>[^<]*<\/title>/, `<title>${title}</title>`)
      .replace(/<meta name="description"[^>]*>/, `<meta name="description" content="${description}">`)
      .replace(
        /<meta property="og:title"[^>]*>/,
        `<meta property="og:title" content="${title}"><meta property="og:description" content="${description}">`,
      )
      .replace('</head>', `<style>${css.replace(/<\//g, '<\\/')}</style></head>`)
      .replace(root, `<div id="${PRERENDER_ID}">${body}</div><div id="root"></div>`)
  );
}

/** A host that shows the marketing site (a chat host of the same name wins). */
export function isMarketingHost(
  host: string,
  o: Pick<MarketingDocumentOptions, 'chatHosts' | 'marketingHosts'>,
): boolean {
  const name = normalizeHostName(host);
  const chat = o.chatHosts.some((h) => normalizeHostName(h) === name);
  return !chat && o.marketingHosts.some((h) => normalizeHostName(h) === name);
}

/** The chat site's base URL as seen from this request (see MarketingDocumentOptions.chatSiteUrl). */
export function chatUrlFor(hostHeader: string, o: MarketingDocumentOptions): string | null {
  if (o.chatSiteUrl) return o.chatSiteUrl;
  const host = o.chatHosts.find((h) => h && !h.includes('*') && !h.includes(':'));
  if (!host) return null;
  const port = /:(\d{1,5})$/.exec(hostHeader)?.[1];
  return `${o.https ? 'https' : 'http'}://${host}${port ? `:${port}` : ''}`;
}

/**
 * The landing page's document for a request to `/` on a marketing host, composed once per build
 * and chat URL and kept compressed; null for any other request (the plain index.html serves it).
 */
export function createMarketingDocuments(o: MarketingDocumentOptions) {
  const cache = new Map<string, MemoryDocument>();
  const version = (file: string) => {
    const s = statSync(file, { throwIfNoEntry: false });
    return s ? `${s.mtimeMs}-${s.size}` : null;
  };

  return (req: IncomingMessage): MemoryDocument | null => {
    const hostHeader = req.headers.host ?? '';
    if (!o.marketingDistDir || !isMarketingHost(hostHeader, o)) return null;
    const indexFile = join(o.shellDistDir, 'index.html');
    const pageFile = join(o.marketingDistDir, 'prerender.json');
    const [iv, pv] = [version(indexFile), version(pageFile)];
    const chatUrl = chatUrlFor(hostHeader, o);
    if (!iv || !pv || !chatUrl) return null;
    const key = `${iv}|${pv}|${chatUrl}`;
    const hit = cache.get(key);
    if (hit) return hit;
    let html: string | null;
    try {
      const page = JSON.parse(readFileSync(pageFile, 'utf8')) as PrerenderedPage;
      html = composeMarketingDocument(readFileSync(indexFile, 'utf8'), page, chatUrl);
    } catch {
      return null; // a half-written build: the plain index.html still works
    }
    if (html === null) return null;
    const raw = Buffer.from(html);
    const doc: MemoryDocument = {
      body: raw,
      type: 'text/html; charset=utf-8',
      cacheControl: cacheControlFor('index.html'),
      br: brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
      gzip: gzipSync(raw, { level: 9 }),
      etag: `"m-${createHash('sha256').update(raw).digest('base64url').slice(0, 20)}"`,
    };
    // Keyed by port too (the Host header): keep a handful, never grow without bound.
    if (cache.size >= 8) cache.delete(cache.keys().next().value as string);
    cache.set(key, doc);
    return doc;
  };
}
