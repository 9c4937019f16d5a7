// The k6 scenarios (load/k6/*.js, for operators) and their twins that run on a development machine, where
// k6 cannot be installed: the same route, the same shape of load, measured with autocannon or a Node driver.
// `npm run load:twin -- <name>` runs one (load/twins/run.ts).
export const twins = {
  'sign-in': {
    file: 'bench-auth.ts',
    about: 'npm run bench:auth: starts its own auth + gateway, signs in at a steady rate (argon2id included)',
  },
  'chat-send': {
    file: 'bench-chat.ts',
    about: 'npm run bench:chat: starts its own stack, streams replies through the gateway',
  },
  'admin-list': {
    file: 'twins/admin-list.ts',
    about: 'GET /api/admin/users pages against BASE_URL, signed in as NOEK_EMAIL (an admin)',
  },
  'webhook-delivery': {
    file: 'twins/webhook-delivery.ts',
    about: 'Stripe-signed POST /api/payment/webhook against BASE_URL with STRIPE_WEBHOOK_SECRET',
  },
} as const;
export type TwinName = keyof typeof twins;
