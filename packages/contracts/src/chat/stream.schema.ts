import { z } from 'zod';
import { conversationSchema } from '../entities/conversation.schema';
import { messageSchema } from '../entities/message.schema';

/**
 * The reply stream (server-sent events) of POST /api/conversations/:id/messages, of retry, and of the
 * re-attach endpoint. Each SSE frame is `event: <type>` plus `data: <json>` where the JSON repeats
 * `type`, so a client parses one discriminated union. Order: `started` (POST/retry) or `snapshot`
 * (re-attach), any number of `token`, then exactly one terminal `done` or `error`.
 */
export const streamStartedEventSchema = z.object({
  type: z.literal('started'),
  /** The stored user message (null on retry, which reuses the existing one). */
  userMessage: messageSchema.nullable(),
  /** The assistant message being written: status `streaming`, empty content. */
  assistantMessage: messageSchema,
  conversation: conversationSchema,
});

/** Re-attach: the reply as stored/generated so far; tokens that follow continue it. */
export const streamSnapshotEventSchema = z.object({
  type: z.literal('snapshot'),
  assistantMessage: messageSchema,
});

export const streamTokenEventSchema = z.object({
  type: z.literal('token'),
  messageId: z.number().int(),
  text: z.string(),
});

/** The end: the stored assistant message (status `complete`, or `interrupted` after Stop). */
export const streamDoneEventSchema = z.object({
  type: z.literal('done'),
  assistantMessage: messageSchema,
  conversation: conversationSchema.optional(),
});

/**
 * The end after a model error, timeout or shutdown: the partial reply was stored (`interrupted`, or
 * `failed` when nothing came); the user's message is kept; `message` says so in plain words.
 */
export const streamErrorEventSchema = z.object({
  type: z.literal('error'),
  assistantMessage: messageSchema,
  message: z.string(),
  retryable: z.boolean(),
});

export const streamEventSchema = z.discriminatedUnion('type', [
  streamStartedEventSchema,
  streamSnapshotEventSchema,
  streamTokenEventSchema,
  streamDoneEventSchema,
  streamErrorEventSchema,
]);
export type StreamEvent = z.infer<typeof streamEventSchema>;
export type StreamEventType = StreamEvent['type'];
export type StreamStartedEvent = z.infer<typeof streamStartedEventSchema>;
export type StreamDoneEvent = z.infer<typeof streamDoneEventSchema>;
export type StreamErrorEvent = z.infer<typeof streamErrorEventSchema>;

/** One SSE frame for an event of any event stream (a reply's, an import's progress). */
export function encodeEventFrame(event: { type: string }): string {
  return `event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`;
}

/** One SSE frame for a reply's event. */
export const encodeStreamEvent = (event: StreamEvent): string => encodeEventFrame(event);

/**
 * Incremental SSE parser for the client: feed text chunks, get the events (read by `schema`) whose
 * frames completed. Comment lines (`: ping`) and unknown or malformed frames are skipped.
 */
export function createEventParser<T>(schema: z.ZodType<T>): (chunk: string) => T[] {
  let buffer = '';
  return (chunk) => {
    buffer += chunk.replace(/\r\n/g, '\n');
    const events: T[] = [];
    let end = buffer.indexOf('\n\n');
    while (end !== -1) {
      const frame = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const data = frame
        .split('\n')
        .filter((l) => l.startsWith('data:'))
        .map((l) => l.slice(5).replace(/^ /, ''))
        .join('\n');
      if (data) {
        try {
          const parsed = schema.safeParse(JSON.parse(data));
          if (parsed.success) events.push(parsed.data);
        } catch {
          // a malformed frame is skipped, the stream goes on
        }
      }
      end = buffer.indexOf('\n\n');
    }
    return events;
  };
}

/** The parser of a reply's event stream. */
export const createStreamParser = (): ((chunk: string) => StreamEvent[]) =>
  createEventParser(streamEventSchema);
