import { fileURLToPath } from 'node:url';
import { createAppConfig } from '../packages/ui/build/rspack-app.mjs';

// The host: no static remotes; they come from /remotes-manifest.json at run time.
export default createAppConfig({
  dir: fileURLToPath(new URL('.', import.meta.url)),
  name: 'noek_shell',
  isHost: true,
  publicPath: '/',
  html: { template: 'index.html' },
});
