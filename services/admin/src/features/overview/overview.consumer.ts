import {
  eventSubjects,
  parseEventEnvelope,
  type EventEnvelope,
  type FeedbackGivenData,
  type MessageSentData,
  type ReplyFinishedData,
  type SubscriptionChangedData,
  type UserRegisteredData,
  type UserSignedInData,
} from '@noek/contracts';
import { type EventBus, type Subscription } from '@noek/service-kit';
import type { AdminDb, AdminTx } from '../../database';
import { foldFeedbackGiven } from './fold-feedback';
import { foldSubscriptionChanged } from './fold-subscription';
import {
  foldCounters,
  markFolded,
  splitDeltas,
  utcDay,
  type CounterDelta,
  type CounterFold,
} from './overview-counters';

export const OVERVIEW_DURABLE = 'admin-overview';
/** Events from before the optional model/level fields carry this name in the splits. */
export const UNKNOWN_DIMENSION = 'unknown';

export const overviewSubjects = [
  eventSubjects.userRegistered,
  eventSubjects.userSignedIn,
  eventSubjects.messageSent,
  eventSubjects.replyFinished,
  eventSubjects.subscriptionChanged,
  eventSubjects.feedbackGiven,
] as const;

/** What a counted event adds to the counters; null for a subscription snapshot (folded apart, in order). */
export function counterFold(envelope: EventEnvelope): CounterFold | null {
  const fold = (at: string, deltas: CounterDelta[], activeUserId: string | null = null): CounterFold => ({
    eventId: envelope.id,
    day: utcDay(at),
    deltas,
    activeUserId,
  });
  switch (envelope.type) {
    case eventSubjects.userRegistered: {
      const d = envelope.data as UserRegisteredData;
      return fold(d.registeredAt, [{ metric: 'sign-ups', dimension: '', value: 1 }]);
    }
    case eventSubjects.userSignedIn: {
      const d = envelope.data as UserSignedInData;
      return fold(d.at, [], d.userId);
    }
    case eventSubjects.messageSent: {
      const d = envelope.data as MessageSentData;
      const deltas = splitDeltas(
        'messages',
        1,
        d.model ?? UNKNOWN_DIMENSION,
        d.accessLevel ?? UNKNOWN_DIMENSION,
      );
      return fold(d.at, deltas, d.userId);
    }
    case eventSubjects.replyFinished: {
      const d = envelope.data as ReplyFinishedData;
      const tokens = d.promptTokens + d.completionTokens;
      const deltas = [
        ...splitDeltas(`replies-${d.outcome}`, 1, d.model, d.accessLevel),
        ...(tokens > 0 ? splitDeltas('tokens', tokens, d.model, d.accessLevel) : []),
      ];
      return fold(d.at, deltas);
    }
    default:
      return null;
  }
}

/** Events that replace a row rather than add to a counter: folded one by one, in order. */
const recordFolds: Partial<Record<string, (tx: AdminTx, data: unknown) => Promise<unknown>>> = {
  [eventSubjects.subscriptionChanged]: (tx, d) => foldSubscriptionChanged(tx, d as SubscriptionChangedData),
  [eventSubjects.feedbackGiven]: (tx, d) => foldFeedbackGiven(tx, d as FeedbackGivenData),
};

/**
 * Folds a batch of events into the overview's daily buckets, exactly once per (consumer, event id), all
 * or nothing: the counted events in one statement; with subscription snapshots or feedback votes, in one
 * transaction.
 */
export async function foldOverviewBatch(db: AdminDb, consumer: string, envelopes: EventEnvelope[]) {
  const folds = envelopes.map(counterFold).filter((f): f is CounterFold => f !== null);
  const records = envelopes.filter((e) => recordFolds[e.type]);
  if (records.length === 0) return foldCounters(db, consumer, folds);
  await db.$transaction(async (tx) => {
    await foldCounters(tx, consumer, folds);
    for (const e of records) if (await markFolded(tx, consumer, e.id)) await recordFolds[e.type]!(tx, e.data);
  });
}

/** Events handed to the overview's fold at once: one statement each, acknowledged after it commits. */
export const OVERVIEW_BATCH = 200;

/** The overview's own durable consumer: it folds at its own pace, apart from the directory, in batches. */
export function subscribeOverview(
  bus: EventBus,
  db: AdminDb,
  durable = OVERVIEW_DURABLE,
  onFolded: (durable: string, envelope: EventEnvelope) => void = () => undefined,
): Promise<Subscription> {
  return bus.subscribe({
    durable,
    subjects: overviewSubjects,
    batch: {
      maxMessages: OVERVIEW_BATCH,
      handler: async (raw) => {
        const envelopes = raw.map((e) => parseEventEnvelope(e));
        await foldOverviewBatch(db, durable, envelopes);
        for (const e of envelopes) onFolded(durable, e);
      },
    },
  });
}
