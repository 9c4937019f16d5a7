import { readFileSync, statSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { sessionCookies } from '@noek/contracts';
import { apiPaths, routePath } from '@noek/contracts/route-paths';
import { cacheControlFor } from './cache-policy';
import type { MemoryDocument } from './send-document';

/**
 * The signed-in chat page's document: the shell's index.html with preload hints for what the page
 * fetches after its first screen. Without them the conversation shows at the end of a chain of
 * dependent round trips (shell JS → its signed-in chunks → the chat remote's mf-manifest.json →
 * remoteEntry.js → its App chunks and the markdown renderer → the messages), each found only once the
 * one before has run; with them, all start with the HTML (issue 29: LCP of the chat and conversation
 * pages). Read from the builds on disk (the shell's signed-in-preload.json, the chat remote's
 * mf-manifest.json) when they change, so a remote deployed on its own is followed.
 */
export interface ChatDocumentOptions {
  shellDistDir: string;
  /** Hosts that show the marketing site: no chat page there, no hints. */
  isMarketingHost: (hostHeader: string) => boolean;
  /** The chat remote's dist, when this gateway serves it at /remotes/chat/ (none: no remote hints). */
  chatDistDir?: string;
}

/** The shell build's list of signed-in files (packages/ui/build/preload.mjs signedInFiles). */
const SIGNED_IN_PRELOAD_FILE = 'signed-in-preload.json';
/** The chat remote's named chunk groups (preload.mjs PreloadGroupsPlugin; mfe-chat/rspack.config.mjs). */
const PRELOAD_GROUPS_FILE = 'preload-groups.json';
const CHAT_REMOTE_BASE = '/remotes/chat/';
/** What a conversation waits for before it shows its messages: the markdown renderer and KaTeX. */
const CONVERSATION_GROUPS = ['markdown', 'math'];

/** The parts of an mf-manifest.json read here (module federation's manifest format). */
interface FederationManifest {
  metaData?: { remoteEntry?: { name?: string; path?: string } };
  exposes?: { path?: string; assets?: { js?: { sync?: string[] }; css?: { sync?: string[] } } }[];
}

/** File names as the builds write them (nothing that could close the attribute or leave the folder). */
const fileNames = (v: unknown): string[] =>
  Array.isArray(v)
    ? v.filter((s): s is string => typeof s === 'string' && /^[\w./-]+$/.test(s) && !s.includes('..'))
    : [];

const tag = (href: string) =>
  href.endsWith('.css')
    ? `<link rel="preload" as="style" href="${href}">`
    : `<link rel="preload" as="script" href="${href}">`;

/** Hints for the chat remote: its manifest, entry, and the App's first chunks and CSS. */
export function chatRemoteHints(manifest: FederationManifest): string[] {
  const app = manifest.exposes?.find((e) => e.path === './App');
  const entry = manifest.metaData?.remoteEntry;
  if (!app || !entry?.name) return [];
  const dir = entry.path ? `${entry.path.replace(/\/$/, '')}/` : '';
  return [
    // The federation runtime fetches it with fetch()'s defaults: crossorigin="anonymous" matches.
    `<link rel="preload" as="fetch" href="${CHAT_REMOTE_BASE}mf-manifest.json" crossorigin="anonymous">`,
    ...fileNames([
      ...(app.assets?.css?.sync ?? []),
      `${dir}${entry.name}`,
      ...(app.assets?.js?.sync ?? []),
    ]).map((f) => tag(`${CHAT_REMOTE_BASE}${f}`)),
  ];
}

/** Hints for the chat remote's chunk groups a conversation waits for (its preload-groups.json). */
export function conversationHints(groups: Record<string, unknown>): string[] {
  return CONVERSATION_GROUPS.flatMap((g) => fileNames(groups[g])).map((f) => tag(`${CHAT_REMOTE_BASE}${f}`));
}

/** Hints for the shell's own signed-in chunks (absolute paths under the shell's public path). */
export function shellSignedInHints(list: { files?: unknown }): string[] {
  return fileNames(list.files)
    .filter((f) => f.startsWith('/'))
    .map(tag);
}

/** The conversation a path opens (`/chat/<positive id>`), else null. */
export function conversationOf(path: string): number | null {
  const m = /^\/chat\/([1-9]\d{0,14})$/.exec(path);
  return m ? Number(m[1]) : null;
}

/**
 * The conversation's messages, as the chat remote's API client asks for them (GET, cookies included:
 * crossorigin="use-credentials"), so its request takes this answer rather than asking again.
 */
export function messagesHint(conversationId: number): string {
  const href = routePath(apiPaths.conversations.messages, { id: conversationId });
  return `<link rel="preload" as="fetch" href="${href}" crossorigin="use-credentials">`;
}

/** Whether the request carries a session (the access cookie): only a signed-in page uses the hints. */
export function hasSession(req: IncomingMessage): boolean {
  const cookie = req.headers.cookie ?? '';
  return cookie.split(';').some((c) => c.trim().startsWith(`${sessionCookies.access}=`));
}

/**
 * What the page shows from its HTML until the shell renders (React replaces it): the chat's loading
 * state, as the shell's remote slot words it. A first paint that needs no script: with the preloads
 * above, the scripts share the first round trips with all of the page's files, and the screen would
 * stay blank until they are in. Inline style (the CSP allows it; the landing page's document has its own).
 */
const LOADING = '<div class="shell-boot" role="status" aria-live="polite">Loading Chat…</div>';
const LOADING_STYLE =
  '<style>.shell-boot{min-height:60vh;display:flex;align-items:center;justify-content:center;' +
  'font:14px/1.5 system-ui,sans-serif;color:#595959}</style>';

/**
 * Puts the hints before `</head>`, after the shell's own (its first screen's files load first), and the
 * loading state in `#root`.
 */
export function composeChatDocument(index: string, hints: string[]): string {
  return index
    .replace('</head>', `${hints.join('')}${LOADING_STYLE}</head>`)
    .replace('<div id="root"></div>', `<div id="root">${LOADING}</div>`);
}

function toDocument(html: string, compress: boolean): MemoryDocument {
  const raw = Buffer.from(html);
  return {
    body: raw,
    type: 'text/html; charset=utf-8',
    cacheControl: cacheControlFor('index.html'),
    // A few KB: compressed per request at a quick level when it names a conversation.
    br: brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: compress ? 11 : 5 } }),
    gzip: gzipSync(raw, { level: compress ? 9 : 6 }),
  };
}

/**
 * The document for an app route of a signed-in request (`/` and `/chat/<id>`), or null (the plain
 * index.html serves it: signed out, another route, or the builds are not there).
 */
export function createChatDocuments(o: ChatDocumentOptions) {
  let cached: {
    key: string;
    index: string;
    hints: string[];
    conversation: string[];
    plain: MemoryDocument;
  } | null = null;
  const version = (file: string) => {
    const s = statSync(file, { throwIfNoEntry: false });
    return s ? `${s.mtimeMs}-${s.size}` : '-';
  };
  const readJson = (file: string): Record<string, unknown> => {
    try {
      return JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
    } catch {
      return {}; // not built, or half-written: no hints from it
    }
  };

  return (req: IncomingMessage, path: string): MemoryDocument | null => {
    const conversationId = conversationOf(path);
    if ((path !== '/' && conversationId === null) || !hasSession(req)) return null;
    if (o.isMarketingHost(req.headers.host ?? '')) return null;
    const indexFile = join(o.shellDistDir, 'index.html');
    const files = [indexFile, join(o.shellDistDir, SIGNED_IN_PRELOAD_FILE)];
    if (o.chatDistDir)
      files.push(join(o.chatDistDir, 'mf-manifest.json'), join(o.chatDistDir, PRELOAD_GROUPS_FILE));
    const key = files.map(version).join('|');
    if (cached?.key !== key) {
      let index: string;
      try {
        index = readFileSync(indexFile, 'utf8');
      } catch {
        return null;
      }
      const [, list, manifest, groups] = files.map((f, i) => (i === 0 ? {} : readJson(f)));
      const hints = [
        ...shellSignedInHints(list ?? {}),
        ...(manifest ? chatRemoteHints(manifest as FederationManifest) : []),
      ];
      const conversation = groups ? conversationHints(groups) : [];
      cached = {
        key,
        index,
        hints,
        conversation,
        plain: toDocument(composeChatDocument(index, hints), true),
      };
    }
    if (conversationId === null) return cached.plain;
    const hints = [messagesHint(conversationId), ...cached.hints, ...cached.conversation];
    return toDocument(composeChatDocument(cached.index, hints), false);
  };
}
