import { render } from '@testing-library/react';
import { vi } from 'vitest';
import type { HostApi, RemoteProps, User } from '@noek/contracts';
import ChatApp from '../app';
import { testUser } from './fake-chat-server';

/** Renders the remote as the shell mounts it, with a spy host API. */
export function renderChat(opts: { user?: User; conversationId?: string } = {}) {
  const host: HostApi = {
    navigate: vi.fn(),
    toast: vi.fn(),
    setView: vi.fn(),
    setUser: vi.fn(),
    signOut: vi.fn(),
  };
  const props = (conversationId?: string): RemoteProps => ({
    site: 'chat',
    user: opts.user ?? testUser(),
    view: 'chat',
    params: { conversationId },
    siteUrls: {},
    host,
  });
  const utils = render(<ChatApp {...props(opts.conversationId)} />);
  return {
    ...utils,
    host,
    goTo: (conversationId?: string) => utils.rerender(<ChatApp {...props(conversationId)} />),
  };
}
