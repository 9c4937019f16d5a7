import { useState } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router-dom';
import type { ShellConfig } from '@noek/contracts';
import { Toaster } from '@noek/ui';
import { SessionSync } from '../features/auth/session-sync';
import { ChatSite } from './chat-site';
import { MarketingSite } from './marketing-site';
import { createQueryClient } from '@noek/ui/query';
import { ShellConfigContext } from './shell-config-context';
import type { SiteVariant } from './variant';

export interface ShellAppProps {
  variant: SiteVariant;
  config: ShellConfig;
}

/** Providers shared by every remote (router, query cache, toaster) around the variant's routes. */
export function ShellApp({ variant, config }: ShellAppProps) {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <ShellConfigContext.Provider value={config}>
        <BrowserRouter>
          <SessionSync />
          {variant === 'marketing' ? <MarketingSite chatUrl={config.chatUrl} /> : <ChatSite />}
        </BrowserRouter>
        <Toaster />
      </ShellConfigContext.Provider>
    </QueryClientProvider>
  );
}
