import {
  BASIC_PLAN_DISPLAY_LIMIT,
  FUN_MODE_OFF_COMMAND,
  FUN_MODE_ON_COMMAND,
  MAX_SELECTED_CONVERSATIONS,
  PRICES_USD_PER_MONTH,
  SUPERNOEK_PLAN_DISPLAY_LIMIT,
} from '@noek/contracts/constants';

/**
 * Every text of the landing page in one place. Spec §1: beta, known bugs in account saving, data
 * storage and chat; features fun mode, deleting chats, copying conversation links; coming soon
 * further model versions and monthly plans. Plans: Basic (free) and SuperNoek, 30 dollars per month;
 * the plan limits print what the spec's plan pages print (decisions.md, contracts constants).
 */
export const texts = {
  brand: 'Noek',
  nav: { features: 'Features', about: 'About', plans: 'Plans' },
  header: { signIn: 'Sign In', try: 'Try Noek', chat: 'Chat', logout: 'Logout', signedInAs: 'Signed in as' },
  hero: {
    badge: 'Beta',
    title: 'Noek, your AI chat assistant',
    lead: 'Ask questions, write, learn and debug with an assistant that keeps every conversation for you.',
    beta: 'Noek is in beta.',
    bugsIntro: 'There are known bugs in:',
    bugs: ['account saving', 'data storage', 'chat'],
    primary: 'Try Noek',
    secondary: 'See plans',
  },
  features: {
    title: 'Features',
    items: [
      {
        name: 'Fun mode',
        text: `A more playful assistant, one message away: send ${FUN_MODE_ON_COMMAND} to switch it on and ${FUN_MODE_OFF_COMMAND} to switch it off.`,
      },
      {
        name: 'Deleting chats',
        text: `Delete a conversation for good, or select up to ${MAX_SELECTED_CONVERSATIONS} and delete them at once.`,
      },
      {
        name: 'Copying conversation links',
        text: 'Copy the link of any conversation and open it again whenever you need it.',
      },
    ],
    soonTitle: 'Coming soon',
    soon: ['Further model versions', 'Monthly plans'],
  },
  about: {
    title: 'About Noek',
    paragraphs: [
      'Noek is an AI chat assistant for signed-in users: sign up with your name, email and a password, verify your email, and start a conversation.',
      'It is open source and self-hostable, and it is built to keep every reply you were promised, to enforce its rules on the server, and to load fast.',
    ],
  },
  plans: {
    title: 'Plans',
    lead: 'Start free. Upgrade when you need more.',
    perMonth: '/month',
    basic: {
      name: 'Basic',
      price: PRICES_USD_PER_MONTH.basic,
      tagline: 'Free',
      features: [BASIC_PLAN_DISPLAY_LIMIT, 'Conversations, archive and links', 'Fun mode'],
      cta: 'Start for free',
    },
    supernoek: {
      name: 'SuperNoek',
      price: PRICES_USD_PER_MONTH.supernoek,
      tagline: 'For people who chat a lot',
      features: [SUPERNOEK_PLAN_DISPLAY_LIMIT, 'Everything in Basic', 'Cancel any time'],
      cta: 'Upgrade to SuperNoek',
    },
  },
  footer: { rights: 'Noek. Open source, self-hostable AI chat.', backToTop: 'Back to top' },
} as const;
