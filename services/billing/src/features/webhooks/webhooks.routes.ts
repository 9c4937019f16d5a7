import type { Express } from 'express';
import { apiRoutes } from '@noek/contracts';
import { contractRoute } from '@noek/service-kit';
import type { BillingContext } from '../../context';
import { handleWebhook } from './handle-webhook';

/** The webhook route's body stays raw bytes (service.ts: rawBodyPaths): the signature covers them. */
export function registerWebhookRoutes(app: Express, ctx: BillingContext): void {
  contractRoute(app, apiRoutes.subscription.webhook, async (_input, req) => {
    const rawBody = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
    const signature = req.headers['stripe-signature'];
    const outcome = await handleWebhook(ctx, {
      rawBody,
      signature: typeof signature === 'string' ? signature : undefined,
    });
    return { received: true, outcome } as const;
  });
}
