import { invalid, missing, StripeApiError } from './errors';
import { bool, int, list, obj, str, type FormObject } from './form-body';
import {
  addInterval,
  newId,
  type Invoice,
  type Json,
  type PaymentIntent,
  type PaymentMethod,
  type Price,
  type SimulatorClock,
  type Store,
  type Subscription,
} from './store';
import { luhnValid, testCard, testPaymentMethodNumbers } from './test-cards';
import type { WebhookSender } from './webhooks';

/** Stripe expires an incomplete subscription whose first payment never succeeded after 23 hours. */
const INCOMPLETE_TTL_S = 23 * 3600;
/** After a failed renewal, retries run this long before the subscription is canceled (Stripe's setting). */
const PAST_DUE_GRACE_S = 7 * 86_400;

type ChargeResult = 'succeeded' | 'declined' | 'requires_action';

/**
 * The part of Stripe's billing that Noek uses: customers, prices, card payment methods, subscriptions with
 * their invoices and payment intents, the card outcomes of the test cards, renewals and cancellation at
 * period end as the clock moves. Every change emits the webhook events Stripe would.
 */
export class BillingEngine {
  constructor(
    private readonly store: Store,
    private readonly clock: SimulatorClock,
    private readonly hooks: WebhookSender,
    private readonly baseUrl: () => string,
  ) {}

  // --- customers, products, prices ---

  createCustomer(p: FormObject) {
    const customer = {
      id: newId('cus'),
      object: 'customer' as const,
      email: str(p.email) ?? null,
      name: str(p.name) ?? null,
      metadata: obj(p.metadata) as Record<string, string>,
      created: this.clock.nowSeconds(),
      invoice_settings: { default_payment_method: null },
      livemode: false,
    };
    this.store.customers.set(customer.id, customer);
    this.hooks.emit('customer.created', customer);
    return customer;
  }

  listCustomers() {
    return [...this.store.customers.values()].sort((a, b) => b.created - a.created);
  }

  customer(id: string) {
    const c = this.store.customers.get(id);
    if (!c) throw missing('customer', id);
    return c;
  }

  createProduct(p: FormObject) {
    const name = str(p.name);
    if (!name) throw invalid('name', 'Missing required param: name.');
    const product = {
      id: newId('prod'),
      object: 'product',
      name,
      active: true,
      created: this.clock.nowSeconds(),
    };
    this.store.products.set(product.id, product);
    return product;
  }

  createPrice(p: FormObject) {
    const product = str(p.product);
    if (!product || !this.store.products.has(product)) throw missing('product', product ?? '');
    const unit = int(p.unit_amount);
    if (unit === undefined || unit < 0) throw invalid('unit_amount', 'Invalid unit_amount.');
    const recurring = obj(p.recurring);
    const interval = (str(recurring.interval) ?? 'month') as Price['recurring']['interval'];
    const price: Price = {
      id: newId('price'),
      object: 'price',
      product,
      unit_amount: unit,
      currency: (str(p.currency) ?? 'usd').toLowerCase(),
      recurring: { interval, interval_count: int(recurring.interval_count) ?? 1 },
      lookup_key: str(p.lookup_key) ?? null,
      active: true,
      type: 'recurring',
    };
    this.store.prices.set(price.id, price);
    return price;
  }

  price(id: string): Price {
    const price = this.store.prices.get(id);
    if (!price) throw missing('price', id);
    return price;
  }

  listPrices(q: FormObject): Price[] {
    const keys = list(q.lookup_keys);
    return [...this.store.prices.values()].filter(
      (p) => (keys.length === 0 || (p.lookup_key !== null && keys.includes(p.lookup_key))) && p.active,
    );
  }

  // --- payment methods ---

  createPaymentMethod(p: FormObject): PaymentMethod {
    if (str(p.type) !== 'card') throw invalid('type', 'Only card payment methods are simulated.');
    const card = obj(p.card);
    const number = (str(card.number) ?? '').replace(/\s+/g, '');
    if (!luhnValid(number)) {
      throw new StripeApiError(402, {
        type: 'card_error',
        code: 'incorrect_number',
        param: 'card[number]',
        message: 'Your card number is incorrect.',
      });
    }
    const exp_month = int(card.exp_month) ?? 0;
    const exp_year = int(card.exp_year) ?? 0;
    const now = new Date(this.clock.nowMs());
    const expired =
      exp_month < 1 ||
      exp_month > 12 ||
      exp_year < now.getUTCFullYear() ||
      (exp_year === now.getUTCFullYear() && exp_month < now.getUTCMonth() + 1);
    if (expired) {
      throw new StripeApiError(402, {
        type: 'card_error',
        code: 'invalid_expiry_year',
        param: 'card[exp_year]',
        message: "Your card's expiration date is invalid.",
      });
    }
    return this.storeCard(newId('pm'), number, exp_month, exp_year);
  }

  paymentMethod(id: string): PaymentMethod {
    const existing = this.store.paymentMethods.get(id);
    if (existing) return existing;
    const number = testPaymentMethodNumbers[id];
    if (!number) throw missing('payment_method', id);
    return this.storeCard(id, number, 12, new Date(this.clock.nowMs()).getUTCFullYear() + 3);
  }

  private storeCard(id: string, number: string, exp_month: number, exp_year: number): PaymentMethod {
    const pm: PaymentMethod = {
      id,
      object: 'payment_method',
      type: 'card',
      card: { brand: testCard(number).brand, last4: number.slice(-4), exp_month, exp_year },
      customer: null,
      number,
      created: this.clock.nowSeconds(),
      livemode: false,
    };
    this.store.paymentMethods.set(id, pm);
    return pm;
  }

  // --- subscriptions ---

  createSubscription(p: FormObject): Subscription {
    const customer = this.customer(str(p.customer) ?? '');
    const items = Array.isArray(p.items) ? p.items : [];
    const priceId = str(obj(items[0]).price);
    if (!priceId || items.length !== 1) throw invalid('items', 'Exactly one item with a price is simulated.');
    const price = this.price(priceId);
    const behaviour = str(p.payment_behavior) ?? 'allow_incomplete';
    const now = this.clock.nowSeconds();
    const sub: Subscription = {
      id: newId('sub'),
      object: 'subscription',
      customer: customer.id,
      status: 'incomplete',
      cancel_at_period_end: false,
      cancel_at: null,
      canceled_at: null,
      ended_at: null,
      created: now,
      start_date: now,
      latest_invoice: null,
      default_payment_method: str(p.default_payment_method) ?? null,
      collection_method: 'charge_automatically',
      metadata: obj(p.metadata) as Record<string, string>,
      items: {
        object: 'list',
        data: [
          {
            id: newId('si'),
            object: 'subscription_item',
            price,
            quantity: 1,
            current_period_start: now,
            current_period_end: addInterval(now, price.recurring.interval, price.recurring.interval_count),
          },
        ],
        has_more: false,
        url: '/v1/subscription_items',
      },
      livemode: false,
    };
    this.store.subscriptions.set(sub.id, sub);
    const invoice = this.openInvoice(sub, 'subscription_create');
    this.hooks.emit('customer.subscription.created', sub);
    // Without default_incomplete, a subscription with a card on file is charged at once (Stripe's default).
    const pm = sub.default_payment_method ?? customer.invoice_settings.default_payment_method;
    if (behaviour !== 'default_incomplete' && pm) this.charge(invoice, pm, false);
    return sub;
  }

  subscription(id: string): Subscription {
    const sub = this.store.subscriptions.get(id);
    if (!sub) throw missing('subscription', id);
    return sub;
  }

  updateSubscription(id: string, p: FormObject): Subscription {
    const sub = this.subscription(id);
    const before = { cancel_at_period_end: sub.cancel_at_period_end, cancel_at: sub.cancel_at };
    if (sub.status === 'canceled' || sub.status === 'incomplete_expired') {
      throw new StripeApiError(400, {
        type: 'invalid_request_error',
        message: 'A canceled subscription can only update its cancellation_details and metadata.',
      });
    }
    const cancel = bool(p.cancel_at_period_end);
    if (cancel !== undefined) {
      sub.cancel_at_period_end = cancel;
      sub.cancel_at = cancel ? (sub.items.data[0]?.current_period_end ?? null) : null;
      sub.canceled_at = cancel ? this.clock.nowSeconds() : null;
    }
    const pm = str(p.default_payment_method);
    if (pm !== undefined) sub.default_payment_method = this.paymentMethod(pm).id;
    if (p.metadata !== undefined)
      sub.metadata = { ...sub.metadata, ...(obj(p.metadata) as Record<string, string>) };
    this.hooks.emit('customer.subscription.updated', sub, before);
    return sub;
  }

  cancelSubscription(id: string): Subscription {
    const sub = this.subscription(id);
    if (sub.status === 'canceled') throw invalid('id', `This subscription is already canceled.`);
    this.end(sub, this.clock.nowSeconds());
    return sub;
  }

  listSubscriptions(q: FormObject): Subscription[] {
    const customer = str(q.customer);
    const status = str(q.status);
    return [...this.store.subscriptions.values()]
      .filter((s) => !customer || s.customer === customer)
      .filter((s) => (status === 'all' ? true : status ? s.status === status : s.status !== 'canceled'))
      .sort((a, b) => b.created - a.created);
  }

  // --- invoices and payment intents ---

  invoice(id: string): Invoice {
    const inv = this.store.invoices.get(id);
    if (!inv) throw missing('invoice', id);
    return inv;
  }

  paymentIntent(id: string): PaymentIntent {
    const pi = this.store.paymentIntents.get(id);
    if (!pi) throw missing('payment_intent', id);
    return pi;
  }

  confirmPaymentIntent(id: string, p: FormObject): PaymentIntent {
    const pi = this.paymentIntent(id);
    if (pi.status !== 'requires_payment_method' && pi.status !== 'requires_confirmation') {
      throw new StripeApiError(400, {
        type: 'invalid_request_error',
        code: 'payment_intent_unexpected_state',
        message: `You cannot confirm this PaymentIntent because it has a status of ${pi.status}.`,
      });
    }
    const pmId = str(p.payment_method) ?? pi.payment_method;
    if (!pmId)
      throw invalid('payment_method', 'You must provide a payment_method to confirm this PaymentIntent.');
    const invoice = this.invoice(pi.invoice ?? '');
    const returnUrl = str(p.return_url);
    const result = this.charge(invoice, pmId, true, returnUrl);
    if (result === 'declined') {
      throw new StripeApiError(402, {
        ...(pi.last_payment_error as { type: 'card_error'; message: string }),
        payment_intent: structuredClone(pi),
      });
    }
    return pi;
  }

  /** The simulated 3-D Secure step: the customer completes (or fails) it, then the payment proceeds. */
  authenticate(id: string, succeed: boolean): PaymentIntent {
    const pi = this.paymentIntent(id);
    if (pi.status !== 'requires_action')
      throw invalid('id', 'This PaymentIntent is not awaiting authentication.');
    const invoice = this.invoice(pi.invoice ?? '');
    pi.next_action = null;
    if (succeed) this.settle(invoice, pi, pi.payment_method ?? '');
    else {
      this.decline(invoice, pi, {
        code: 'payment_intent_authentication_failure',
        message:
          'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
      });
    }
    return pi;
  }

  private openInvoice(sub: Subscription, reason: Invoice['billing_reason']): Invoice {
    const item = sub.items.data[0]!;
    const now = this.clock.nowSeconds();
    const invoice: Invoice = {
      id: newId('in'),
      object: 'invoice',
      customer: sub.customer,
      status: 'open',
      amount_due: item.price.unit_amount,
      amount_paid: 0,
      currency: item.price.currency,
      billing_reason: reason,
      parent: {
        type: 'subscription_details',
        subscription_details: { subscription: sub.id, metadata: sub.metadata },
      },
      period_start: item.current_period_start,
      period_end: item.current_period_end,
      created: now,
      attempt_count: 0,
      livemode: false,
    };
    const pi: PaymentIntent = {
      id: newId('pi'),
      object: 'payment_intent',
      amount: invoice.amount_due,
      currency: invoice.currency,
      customer: sub.customer,
      status: 'requires_payment_method',
      client_secret: '',
      payment_method: null,
      last_payment_error: null,
      next_action: null,
      created: now,
      livemode: false,
      invoice: invoice.id,
    };
    pi.client_secret = `${pi.id}_secret_${newId('s').slice(2)}`;
    invoice.payment_intent_id = pi.id;
    this.store.invoices.set(invoice.id, invoice);
    this.store.paymentIntents.set(pi.id, pi);
    sub.latest_invoice = invoice.id;
    this.hooks.emit('invoice.finalized', invoice);
    return invoice;
  }

  private charge(invoice: Invoice, pmId: string, onSession: boolean, returnUrl?: string): ChargeResult {
    const pi = this.paymentIntent(invoice.payment_intent_id ?? '');
    const pm = this.paymentMethod(pmId);
    pi.payment_method = pm.id;
    invoice.attempt_count += 1;
    const behaviour = testCard(pm.number ?? '').behaviour;
    if (behaviour.kind === 'declined') {
      this.decline(invoice, pi, {
        code: 'card_declined',
        decline_code: behaviour.declineCode,
        message: behaviour.message,
      });
      return 'declined';
    }
    if (behaviour.kind === 'requires_authentication' && onSession) {
      pi.status = 'requires_action';
      pi.next_action = {
        type: 'redirect_to_url',
        redirect_to_url: {
          url: `${this.baseUrl()}/_simulator/authenticate/${pi.id}`,
          return_url: returnUrl ?? null,
        },
      };
      this.hooks.emit('payment_intent.requires_action', pi);
      this.hooks.emit('invoice.payment_action_required', invoice);
      return 'requires_action';
    }
    this.settle(invoice, pi, pm.id);
    return 'succeeded';
  }

  private settle(invoice: Invoice, pi: PaymentIntent, pmId: string): void {
    pi.status = 'succeeded';
    pi.last_payment_error = null;
    invoice.status = 'paid';
    invoice.amount_paid = invoice.amount_due;
    const sub = this.subscription(invoice.parent.subscription_details.subscription);
    const customer = this.customer(sub.customer);
    this.paymentMethod(pmId).customer = customer.id;
    customer.invoice_settings.default_payment_method ??= pmId;
    const before = { status: sub.status };
    sub.default_payment_method = pmId;
    if (sub.status === 'incomplete' || sub.status === 'past_due' || sub.status === 'unpaid')
      sub.status = 'active';
    this.hooks.emit('payment_intent.succeeded', pi);
    this.hooks.emit('invoice.paid', invoice);
    this.hooks.emit('invoice.payment_succeeded', invoice);
    this.hooks.emit('customer.subscription.updated', sub, before);
  }

  private decline(
    invoice: Invoice,
    pi: PaymentIntent,
    error: { code: string; decline_code?: string; message: string },
  ) {
    pi.status = 'requires_payment_method';
    pi.last_payment_error = { type: 'card_error', ...error, payment_method: pi.payment_method };
    this.hooks.emit('payment_intent.payment_failed', pi);
    this.hooks.emit('invoice.payment_failed', invoice);
    const sub = this.subscription(invoice.parent.subscription_details.subscription);
    if (invoice.billing_reason === 'subscription_cycle' && sub.status === 'active') {
      sub.status = 'past_due';
      this.hooks.emit('customer.subscription.updated', sub, { status: 'active' });
    }
  }

  private end(sub: Subscription, at: number): void {
    sub.status = 'canceled';
    sub.ended_at = at;
    sub.canceled_at ??= at;
    const invoice = sub.latest_invoice ? this.store.invoices.get(sub.latest_invoice) : undefined;
    if (invoice && invoice.status === 'open') invoice.status = 'void';
    this.hooks.emit('customer.subscription.deleted', sub);
  }

  /** Moves every subscription to where the clock says it is: expiries, renewals, cancellations. */
  tick(): void {
    const now = this.clock.nowSeconds();
    for (const sub of this.store.subscriptions.values()) {
      const item = sub.items.data[0]!;
      if (sub.status === 'incomplete' && now >= sub.created + INCOMPLETE_TTL_S) {
        sub.status = 'incomplete_expired';
        sub.ended_at = sub.created + INCOMPLETE_TTL_S;
        this.hooks.emit('customer.subscription.updated', sub, { status: 'incomplete' });
        continue;
      }
      if (sub.status === 'past_due' && now >= item.current_period_start + PAST_DUE_GRACE_S) {
        this.end(sub, item.current_period_start + PAST_DUE_GRACE_S);
        continue;
      }
      while (sub.status === 'active' && now >= item.current_period_end) {
        if (sub.cancel_at_period_end) {
          this.end(sub, item.current_period_end);
          break;
        }
        item.current_period_start = item.current_period_end;
        item.current_period_end = addInterval(
          item.current_period_end,
          item.price.recurring.interval,
          item.price.recurring.interval_count,
        );
        const invoice = this.openInvoice(sub, 'subscription_cycle');
        const pm =
          sub.default_payment_method ?? this.customer(sub.customer).invoice_settings.default_payment_method;
        if (pm) this.charge(invoice, pm, false);
        else
          this.decline(invoice, this.paymentIntent(invoice.payment_intent_id ?? ''), {
            code: 'missing',
            message: 'No payment method on file.',
          });
      }
    }
  }

  /** Stripe-shaped copy of an object with `expand` paths filled in and the simulator's own fields removed. */
  present(object: Json, expand: string[] = []): Json {
    const copy = this.strip(structuredClone(object));
    for (const path of expand) this.expandPath(copy, path.split('.'));
    return copy;
  }

  private expandPath(node: Json, path: string[]): void {
    const [head, ...rest] = path;
    if (!head) return;
    if (head === 'confirmation_secret' && node.object === 'invoice') {
      const inv = this.store.invoices.get(String(node.id));
      const pi = inv?.payment_intent_id ? this.store.paymentIntents.get(inv.payment_intent_id) : undefined;
      node.confirmation_secret = pi ? { client_secret: pi.client_secret, type: 'payment_intent' } : null;
      return;
    }
    if (head === 'payment_intent' && node.object === 'invoice') {
      const inv = this.store.invoices.get(String(node.id));
      node.payment_intent = inv?.payment_intent_id ?? null;
    }
    const value = node[head];
    if (typeof value === 'string') {
      const found = this.store.find(value);
      if (!found) return;
      node[head] = this.strip(structuredClone(found));
    }
    const next = node[head];
    if (next && typeof next === 'object' && !Array.isArray(next)) this.expandPath(next as Json, rest);
  }

  private strip(o: Json): Json {
    delete o.number;
    delete o.payment_intent_id;
    if (o.object === 'payment_intent') delete o.invoice;
    return o;
  }
}
