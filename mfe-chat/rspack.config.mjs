import { fileURLToPath } from 'node:url';
import { createAppConfig } from '../packages/ui/build/rspack-app.mjs';

// A remote: emits remoteEntry.js + mf-manifest.json and exposes ./App (the component the shell mounts).
export default createAppConfig({
  dir: fileURLToPath(new URL('.', import.meta.url)),
  name: 'noek_chat',
  exposes: { './App': './src/app.tsx' },
  // The chunks a conversation waits for before it shows (the markdown renderer, KaTeX): the gateway
  // preloads them with a conversation page's HTML (gateway static/chat-document.ts).
  preloadGroups: {
    markdown: [/\/features\/markdown\/markdown\.tsx/],
    math: [/\/features\/markdown\/math\/math\.tsx/],
  },
});
