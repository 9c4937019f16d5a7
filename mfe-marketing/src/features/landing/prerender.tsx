import { renderToStaticMarkup } from 'react-dom/server';
import { siteMetaTexts } from '@noek/contracts';
import { LandingPage } from './landing-page';

/**
 * Stands for the chat site's base URL in the prerendered HTML; the server that sends the page puts
 * the real one in (it is configuration, known only where the page is served).
 */
export const PRERENDER_CHAT_URL = 'https://chat-site.noek.invalid';

/**
 * The landing page as a visitor without a session sees it, for the HTML the server sends before
 * any script (packages/ui/build/prerender.mjs writes it to dist/prerender.json at build).
 */
export function prerender() {
  return {
    html: renderToStaticMarkup(<LandingPage user={null} chatUrl={PRERENDER_CHAT_URL} />),
    chatUrlPlaceholder: PRERENDER_CHAT_URL,
    ...siteMetaTexts.marketing,
  };
}
