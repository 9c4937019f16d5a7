import { randomBytes } from 'node:crypto';

/** The simulator's objects, in the JSON shapes of Stripe's API (version 2025+: periods on items). */
export type Json = Record<string, unknown>;

export interface Customer extends Json {
  id: string;
  object: 'customer';
  email: string | null;
  metadata: Record<string, string>;
  created: number;
  invoice_settings: { default_payment_method: string | null };
}

export interface Price extends Json {
  id: string;
  object: 'price';
  product: string;
  unit_amount: number;
  currency: string;
  recurring: { interval: 'day' | 'week' | 'month' | 'year'; interval_count: number };
  lookup_key: string | null;
  active: boolean;
}

export interface PaymentMethod extends Json {
  id: string;
  object: 'payment_method';
  type: 'card';
  card: { brand: string; last4: string; exp_month: number; exp_year: number };
  customer: string | null;
  /** Not part of Stripe's object: the full test number the behaviour is looked up by. */
  number?: string;
}

export interface PaymentIntent extends Json {
  id: string;
  object: 'payment_intent';
  amount: number;
  currency: string;
  customer: string;
  status:
    | 'requires_payment_method'
    | 'requires_confirmation'
    | 'requires_action'
    | 'processing'
    | 'succeeded'
    | 'canceled';
  client_secret: string;
  payment_method: string | null;
  last_payment_error: Json | null;
  next_action: Json | null;
  created: number;
  livemode: false;
  /** Not Stripe's: the invoice this intent pays. */
  invoice?: string;
}

export interface Invoice extends Json {
  id: string;
  object: 'invoice';
  customer: string;
  status: 'draft' | 'open' | 'paid' | 'void' | 'uncollectible';
  amount_due: number;
  amount_paid: number;
  currency: string;
  billing_reason: 'subscription_create' | 'subscription_cycle';
  parent: { type: 'subscription_details'; subscription_details: { subscription: string; metadata: Json } };
  period_start: number;
  period_end: number;
  created: number;
  attempt_count: number;
  livemode: false;
  /** Included only when expanded, as in Stripe. */
  confirmation_secret?: { client_secret: string; type: 'payment_intent' };
  /** Not Stripe's: the intent behind confirmation_secret. */
  payment_intent_id?: string;
}

export interface SubscriptionItem extends Json {
  id: string;
  object: 'subscription_item';
  price: Price;
  quantity: number;
  current_period_start: number;
  current_period_end: number;
}

export interface Subscription extends Json {
  id: string;
  object: 'subscription';
  customer: string;
  status: 'incomplete' | 'incomplete_expired' | 'active' | 'past_due' | 'canceled' | 'unpaid';
  cancel_at_period_end: boolean;
  cancel_at: number | null;
  canceled_at: number | null;
  ended_at: number | null;
  created: number;
  start_date: number;
  latest_invoice: string | null;
  default_payment_method: string | null;
  collection_method: 'charge_automatically';
  metadata: Record<string, string>;
  items: { object: 'list'; data: SubscriptionItem[]; has_more: false; url: string };
  livemode: false;
}

export function newId(prefix: string): string {
  return `${prefix}_${randomBytes(12).toString('base64url').replace(/[-_]/g, 'x')}`;
}

/** The simulator's own time, which tests move forward (Stripe's test clocks play this part). */
export class SimulatorClock {
  private offsetMs = 0;
  nowMs(): number {
    return Date.now() + this.offsetMs;
  }
  nowSeconds(): number {
    return Math.floor(this.nowMs() / 1000);
  }
  advance(seconds: number): void {
    this.offsetMs += seconds * 1000;
  }
}

export class Store {
  readonly customers = new Map<string, Customer>();
  readonly products = new Map<string, Json>();
  readonly prices = new Map<string, Price>();
  readonly paymentMethods = new Map<string, PaymentMethod>();
  readonly paymentIntents = new Map<string, PaymentIntent>();
  readonly invoices = new Map<string, Invoice>();
  readonly subscriptions = new Map<string, Subscription>();
  readonly events = new Map<string, Json>();

  /** Any stored object by id (for `expand`). */
  find(id: string): Json | undefined {
    return (
      this.customers.get(id) ??
      this.prices.get(id) ??
      this.products.get(id) ??
      this.paymentMethods.get(id) ??
      this.paymentIntents.get(id) ??
      this.invoices.get(id) ??
      this.subscriptions.get(id)
    );
  }
}

/** Adds calendar months the way Stripe's monthly billing does (same day, clamped to the month's end). */
export function addInterval(
  seconds: number,
  interval: Price['recurring']['interval'],
  count: number,
): number {
  const d = new Date(seconds * 1000);
  if (interval === 'day') d.setUTCDate(d.getUTCDate() + count);
  else if (interval === 'week') d.setUTCDate(d.getUTCDate() + 7 * count);
  else {
    const months = interval === 'year' ? 12 * count : count;
    const day = d.getUTCDate();
    d.setUTCDate(1);
    d.setUTCMonth(d.getUTCMonth() + months);
    const last = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
    d.setUTCDate(Math.min(day, last));
  }
  return Math.floor(d.getTime() / 1000);
}
