/**
 * Spec §2: the document title and meta tags per host variant. One table, read by the shell (set at
 * run time) and by the marketing prerender (in the HTML the server sends, before any script).
 */
export const siteMetaTexts = {
  chat: {
    title: 'Noek Chat',
    description: 'Chat with Noek, your AI assistant: conversations, archives and shareable links.',
  },
  marketing: {
    title: 'Noek: your AI chat assistant (beta)',
    description:
      'Noek is an AI chat assistant in beta. Fun mode, chat management, and SuperNoek for more messages.',
  },
} as const satisfies Record<'chat' | 'marketing', { title: string; description: string }>;
