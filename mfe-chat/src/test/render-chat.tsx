import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createQueryClient } from '@noek/ui/query';
import { vi } from 'vitest';
import type { RemoteProps, User } from '@noek/contracts';
import { spyHostApi } from '@noek/contracts/testing/host-api';
import ChatApp from '../app';
import { testUser } from './fake-chat-server';

/** Renders the remote as the shell mounts it (inside the shell's QueryClient), with a spy host API. */
export function renderChat(opts: { user?: User; conversationId?: string } = {}) {
  const host = spyHostApi(() => vi.fn());
  const props = (conversationId?: string): RemoteProps => ({
    site: 'chat',
    user: opts.user ?? testUser(),
    view: 'chat',
    params: { conversationId },
    siteUrls: {},
    host,
  });
  const queryClient = createQueryClient();
  const inShell = (app: ReactElement) => (
    <QueryClientProvider client={queryClient}>{app}</QueryClientProvider>
  );
  const utils = render(inShell(<ChatApp {...props(opts.conversationId)} />));
  return {
    ...utils,
    host,
    queryClient,
    goTo: (conversationId?: string) => utils.rerender(inShell(<ChatApp {...props(conversationId)} />)),
  };
}
