import type Stripe from 'stripe';
import { errorCodes, type WebhookResponse } from '@noek/contracts';
import { DomainError, isUniqueViolation } from '@noek/service-kit';
import type { BillingContext } from '../../context';
import { callProvider, requirePayments } from '../payments/payments';
import { applySubscription } from '../subscriptions/apply-subscription';
import { applyOptions } from '../subscriptions/sync-subscription';
import { snapshotOf } from '../subscriptions/subscription-state';

export type WebhookOutcome = WebhookResponse['outcome'];

function invalidSignature(): DomainError {
  return new DomainError(
    errorCodes.invalidWebhookSignature,
    400,
    'The webhook signature is missing, wrong or too old.',
  );
}

const id = (v: string | { id: string } | null | undefined) => (typeof v === 'string' ? v : (v?.id ?? null));

/** The subscription an event is about, for the events that can change one; null for the rest. */
export function subscriptionIdOf(event: Stripe.Event): string | null {
  const object = event.data.object as unknown as Record<string, unknown>;
  if (event.type.startsWith('customer.subscription.')) return String(object.id);
  if (event.type.startsWith('invoice.')) {
    const parent = object.parent as {
      subscription_details?: { subscription?: string | { id: string } };
    } | null;
    // API 2025-03-31+ puts it under parent; older versions on the invoice itself.
    return id(parent?.subscription_details?.subscription) ?? id(object.subscription as string | null);
  }
  if (event.type === 'checkout.session.completed') return id(object.subscription as string | null);
  return null;
}

/**
 * POST /api/payment/webhook. The signature is checked on the raw bytes (bad, missing or older than the
 * tolerance: 400, nothing changed). The subscription the event names is then re-read from the provider,
 * so arrival order does not matter, and applied in one transaction with the event's id: a second delivery,
 * even a concurrent one, has no effect. A failure throws, answering 5xx so the provider retries.
 */
export async function handleWebhook(
  ctx: BillingContext,
  input: { rawBody: Buffer; signature: string | undefined },
): Promise<WebhookOutcome> {
  const p = requirePayments(ctx.payments);
  if (!input.signature || input.rawBody.length === 0) throw invalidSignature();
  let event: Stripe.Event;
  try {
    event = p.stripe.webhooks.constructEvent(
      input.rawBody,
      input.signature,
      p.webhookSecret,
      p.webhookToleranceSeconds,
    );
  } catch {
    throw invalidSignature();
  }
  if (typeof event.id !== 'string' || typeof event.type !== 'string' || !event.data?.object) {
    throw new DomainError(errorCodes.validationFailed, 400, 'The webhook body is not an event.');
  }
  if (await ctx.webhookEvents.seen(event.id)) return 'duplicate';
  const subscriptionId = subscriptionIdOf(event);
  const readAt = ctx.now();
  const sub = subscriptionId ? await retrieveIfExists(p.stripe, subscriptionId) : null;
  // Only our own insert's violation means "delivered twice"; any other error is a failure to retry.
  let raced = false;
  try {
    return await ctx.transaction(async (scope) => {
      await scope.webhookEvents.record(event.id, event.type).catch((err: unknown) => {
        raced = isUniqueViolation(err);
        throw err;
      });
      if (!sub) return 'ignored';
      const applied = await applySubscription(scope, snapshotOf(sub, readAt), applyOptions(ctx, p, event.id));
      return applied ? 'applied' : 'ignored';
    });
  } catch (err) {
    if (raced) return 'duplicate';
    throw err;
  }
}

async function retrieveIfExists(stripe: Stripe, subscriptionId: string): Promise<Stripe.Subscription | null> {
  try {
    return await stripe.subscriptions.retrieve(subscriptionId);
  } catch (err) {
    if ((err as { code?: string }).code === 'resource_missing') return null;
    return callProvider(() => Promise.reject(err));
  }
}
