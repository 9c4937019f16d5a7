import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionCookies } from '@noek/contracts';
import { chatRemoteHints, conversationOf, createChatDocuments, messagesHint } from './chat-document';

const INDEX =
  '<!doctype html><html><head><title>Noek</title><link rel="preload" as="script" href="/main.1.js"></head>' +
  '<body><div id="root"></div><script defer src="/main.1.js"></script></body></html>';

/** The parts of the chat remote's mf-manifest.json the gateway reads. */
const MANIFEST = {
  metaData: { remoteEntry: { name: 'remoteEntry.js', path: '' } },
  exposes: [
    {
      path: './App',
      assets: {
        js: {
          sync: ['6653.aa.js', '__federation_expose_App.bb.js'],
          async: ['markdown.cc.js', 'katex.dd.js'],
        },
        css: { sync: ['__federation_expose_App.ee.css'], async: [] },
      },
    },
  ],
};

let dir: string;
let documentFor: ReturnType<typeof createChatDocuments>;

const request = (cookie?: string, host = 'localhost:8080') =>
  ({ headers: { host, ...(cookie ? { cookie } : {}) } }) as IncomingMessage;
const signedIn = `theme=dark; ${sessionCookies.access}=token`;
const html = (path: string, req = request(signedIn)) => documentFor(req, path)?.body.toString() ?? null;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'chat-document-'));
  const shell = join(dir, 'shell');
  const chat = join(dir, 'chat');
  mkdirSync(shell);
  mkdirSync(chat);
  writeFileSync(join(shell, 'index.html'), INDEX);
  writeFileSync(join(shell, 'signed-in-preload.json'), JSON.stringify({ files: ['/128.aa.js', '/x.css'] }));
  writeFileSync(join(chat, 'mf-manifest.json'), JSON.stringify(MANIFEST));
  writeFileSync(
    join(chat, 'preload-groups.json'),
    JSON.stringify({ markdown: ['6051.ff.js', 'markdown.cc.js'], math: ['821.gg.css', '821.gg.js'] }),
  );
  documentFor = createChatDocuments({
    shellDistDir: shell,
    chatDistDir: chat,
    isMarketingHost: (host) => host.startsWith('noek.localhost'),
  });
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the signed-in chat page document', () => {
  it("preloads the shell's signed-in chunks and the chat remote's manifest, entry and App chunks on /", () => {
    const doc = html('/');
    expect(doc).toContain('<link rel="preload" as="script" href="/128.aa.js">');
    expect(doc).toContain('<link rel="preload" as="style" href="/x.css">');
    expect(doc).toContain(
      '<link rel="preload" as="fetch" href="/remotes/chat/mf-manifest.json" crossorigin="anonymous">',
    );
    for (const f of ['remoteEntry.js', '6653.aa.js', '__federation_expose_App.bb.js'])
      expect(doc).toContain(`<link rel="preload" as="script" href="/remotes/chat/${f}">`);
    expect(doc).toContain(
      '<link rel="preload" as="style" href="/remotes/chat/__federation_expose_App.ee.css">',
    );
    // The empty chat needs neither the renderer nor KaTeX, nor any conversation's messages.
    expect(doc).not.toContain('markdown.cc.js');
    expect(doc).not.toContain('/api/');
    // After the shell's own hints, in the head; the rest of the page as built.
    expect(doc?.indexOf('/main.1.js')).toBeLessThan(doc?.indexOf('/128.aa.js') ?? 0);
    // The chat's loading state until the shell renders, as the shell's remote slot words it.
    expect(doc).toContain(
      '<div id="root"><div class="shell-boot" role="status" aria-live="polite">Loading Chat…</div></div>',
    );
    const bare = (s: string) =>
      s.replace(
        /<link rel="preload"[^>]*>|<style>[^<]*<\/style>|<div class="shell-boot"[^>]*>[^<]*<\/div>/g,
        '',
      );
    expect(bare(doc ?? '')).toBe(bare(INDEX));
  });

  it("adds a conversation's messages (as the chat's API client asks for them), the renderer and KaTeX on /chat/<id>", () => {
    const doc = html('/chat/42');
    expect(doc).toContain(
      '<link rel="preload" as="fetch" href="/api/conversations/42/messages" crossorigin="use-credentials">',
    );
    for (const f of ['6051.ff.js', 'markdown.cc.js', '821.gg.js'])
      expect(doc).toContain(`<link rel="preload" as="script" href="/remotes/chat/${f}">`);
    expect(doc).toContain('<link rel="preload" as="style" href="/remotes/chat/821.gg.css">');
    expect(html('/chat/43')).toContain('/api/conversations/43/messages');
  });

  it('serves the plain index.html (null) signed out, on other routes, on a marketing host', () => {
    expect(html('/', request())).toBeNull();
    expect(html('/', request('noek_accessible=1'))).toBeNull();
    expect(html('/chat/42', request(signedIn, 'noek.localhost:8080'))).toBeNull();
    for (const path of ['/subscribe', '/chat', '/chat/0', '/chat/4x', '/chat/42/x', '/share/abc'])
      expect(html(path)).toBeNull();
  });

  it('compresses the document it sends', () => {
    const doc = documentFor(request(signedIn), '/chat/42');
    expect(doc?.br?.length).toBeGreaterThan(0);
    expect(doc?.gzip?.length).toBeGreaterThan(0);
    expect(doc?.cacheControl).toBe('no-cache');
  });
});

describe('hint parts', () => {
  it('reads only a positive conversation id from the path', () => {
    expect(conversationOf('/chat/7')).toBe(7);
    expect(conversationOf('/chat/07')).toBeNull();
    expect(conversationOf('/chat/"><script>')).toBeNull();
    expect(messagesHint(7)).toContain('href="/api/conversations/7/messages"');
  });

  it('skips file names a build would not write, and a manifest without ./App', () => {
    const odd = structuredClone(MANIFEST);
    odd.exposes[0]!.assets.js.sync = ['ok.js', '"><x>', '../up.js'];
    const hints = chatRemoteHints(odd).join('');
    expect(hints).toContain('/remotes/chat/ok.js');
    expect(hints).not.toContain('<x>');
    expect(hints).not.toContain('..');
    expect(chatRemoteHints({ exposes: [] })).toEqual([]);
  });
});
