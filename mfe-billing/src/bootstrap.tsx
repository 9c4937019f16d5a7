import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import type { RemoteProps } from '@noek/contracts';
import { applyTheme, toast, Toaster, useThemeStore } from '@noek/ui';
import '@noek/ui/styles/base.css';
import App from './app';

// Standalone page (dist/index.html) for working on this remote alone; the shell never loads it
// and passes real props. Here the host API only logs, so the screens can be clicked through.
function standaloneProps(): RemoteProps {
  return {
    site: 'chat',
    user: null,
    view: 'chat',
    screen: new URLSearchParams(window.location.search).get('screen') ?? 'subscribe',
    params: {},
    siteUrls: {},
    host: {
      navigate: (to) => window.history.pushState(null, '', to),
      toast: (t) => void toast(t),
      setView: (view) => console.info('[standalone] setView', view),
      setUser: (user) => console.info('[standalone] setUser', user),
      signOut: () => console.info('[standalone] signOut'),
    },
  };
}

applyTheme(useThemeStore.getState().theme);
const el = document.body.appendChild(document.createElement('div'));
createRoot(el).render(
  <QueryClientProvider client={new QueryClient()}>
    <BrowserRouter>
      <App {...standaloneProps()} />
    </BrowserRouter>
    <Toaster />
  </QueryClientProvider>,
);
