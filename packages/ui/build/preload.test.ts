import { describe, expect, it } from 'vitest';
import { firstScreenFiles, groupFiles, preloadTags, signedInFiles } from './preload.mjs';

// The shape of rspack's stats for a host: an initial entry chunk, the bootstrap group (origin
// ./src/index.ts) with its consumes, provide chunks per shared module, and later screens' chunks.
const consume = (key: string) => ({
  name: `consume shared module (default) ${key}@^1.0.0 (strict) (fallback: /repo/node_modules/@scope/x/index.js)`,
});
const provide = (key: string) => ({
  moduleName: `provide shared module (default) ${key}@1.0.0 = /repo/node_modules/${key}/index.js`,
});
const stats = {
  chunks: [
    { initial: true, entry: true, files: ['main.js'], origins: [{ moduleName: '' }], modules: [] },
    {
      files: ['boot.js', 'boot.css'],
      origins: [{ moduleName: './src/index.ts' }],
      modules: [{ name: './src/bootstrap.tsx + 14 modules' }, consume('@noek/ui')],
    },
    // react-dom/client, imported by the bootstrap module itself (its start-up in a task of its own)
    { files: [], origins: [{ moduleName: './src/bootstrap.tsx' }], modules: [consume('react-dom/client')] },
    // a lazy route the bootstrap module could import: not a first-screen file
    {
      files: ['lazy-page.js'],
      origins: [{ moduleName: './src/bootstrap.tsx' }],
      modules: [{ name: './src/app/lazy-page.tsx' }, consume('@tanstack/react-query')],
    },
    // a consume-only chunk shared by several groups (no file of its own)
    {
      files: [],
      origins: [{ moduleName: './src/index.ts' }, provide('react-dom')],
      modules: [consume('react')],
    },
    { files: ['react.js'], origins: [provide('react')], modules: [] },
    {
      files: ['react-dom-client.js'],
      origins: [provide('react-dom/client')],
      modules: [consume('react-dom')],
    },
    { files: ['react-dom.js'], origins: [provide('react-dom')], modules: [] },
    { files: ['ui.js'], origins: [provide('@noek/ui')], modules: [consume('react')] },
    // only later screens: the query cache, the contracts' schemas, a route
    {
      files: ['query.js'],
      origins: [provide('@tanstack/react-query')],
      modules: [consume('react')],
    },
    { files: ['contracts.js'], origins: [provide('@noek/contracts')], modules: [] },
    {
      files: ['route.js'],
      origins: [{ moduleName: './src/app/chat-site.tsx' }],
      modules: [consume('@tanstack/react-query'), consume('@noek/contracts')],
    },
  ],
};

describe('first-screen preload hints', () => {
  it('lists the bootstrap group and the shared modules it consumes or imports, followed through their consumes', () => {
    const { files, sharedKeys } = firstScreenFiles(stats);
    expect(sharedKeys).toEqual(['@noek/ui', 'react', 'react-dom', 'react-dom/client']);
    expect(files).toEqual([
      'boot.css',
      'boot.js',
      'react-dom-client.js',
      'react-dom.js',
      'react.js',
      'ui.js',
    ]);
  });

  it('leaves out the entry chunk, route chunks and shared modules only later screens use', () => {
    const { files } = firstScreenFiles(stats);
    for (const f of ['main.js', 'route.js', 'lazy-page.js', 'query.js', 'contracts.js'])
      expect(files).not.toContain(f);
  });

  it('writes style, script and fetch hints under the public path', () => {
    const tags = preloadTags(stats, '/', ['/config.json']);
    expect(tags).toContain('<link rel="preload" as="style" href="/boot.css">');
    expect(tags).toContain('<link rel="preload" as="script" href="/react-dom.js">');
    expect(tags).toContain(
      '<link rel="preload" as="fetch" href="/config.json" crossorigin="use-credentials">',
    );
    expect(tags).not.toContain('query.js');
  });

  it('hints the entry script first: a defer script alone would be fetched after every preload', () => {
    const tags = preloadTags(stats, '/', ['/config.json']);
    expect(tags.startsWith('<link rel="preload" as="script" href="/main.js">')).toBe(true);
  });
});

describe('signed-in and remote group lists', () => {
  it("lists a later screen's groups with the shared modules they consume, less the first screen's files", () => {
    const origins = [/\/src\/app\/chat-site\.tsx/];
    expect(groupFiles(stats, origins).files).toEqual(['contracts.js', 'query.js', 'react.js', 'route.js']);
    // react.js comes with the first screen already.
    expect(signedInFiles(stats, '/', origins)).toEqual(['/contracts.js', '/query.js', '/route.js']);
  });

  it("leaves out shared modules for a remote's groups: it runs on the shell's copies", () => {
    expect(groupFiles(stats, [/\/src\/app\/chat-site\.tsx/], { shared: false }).files).toEqual(['route.js']);
  });
});
