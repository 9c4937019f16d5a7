import type { ChatContext } from '../../context';
import { toConversation, toMessage } from '../conversations/conversation.mapper';
import type { ReplySink } from '../replies/reply-sink';
import { streamFrames } from '../replies/stream-frames';
import type { Exchange } from './exchange';
import { buildTurns } from './prompt';

/** The stored exchange as the stream's first frame. */
function startedFrame(exchange: Exchange) {
  return streamFrames.started(
    exchange.userMessage ? toMessage(exchange.userMessage) : null,
    toMessage(exchange.assistantMessage),
    toConversation(exchange.conversation, exchange.funMode),
  );
}

/** A reply already written (fun-mode command): `started` and `done` at once. */
export function answerComplete(exchange: Exchange, sink: ReplySink): void {
  const started = startedFrame(exchange);
  sink.send(started);
  sink.send(streamFrames.done(started.assistantMessage, started.conversation));
}

/**
 * `started` goes out first (the client sees its stored message before the prompt is built), then the
 * reply is generated in the registry, independent of the client, and the sink follows it. Resolves once
 * the reply is in the registry (or has failed to start). A failure to start stores the reply as failed
 * (Retry is offered) and tells the sink (which rejects only for a JSON client: the middleware's 500).
 */
export async function startReply(ctx: ChatContext, exchange: Exchange, sink: ReplySink): Promise<void> {
  const { assistantMessage, conversation } = exchange;
  const started = startedFrame(exchange);
  sink.send(started);
  try {
    const history =
      exchange.history ??
      (await ctx.messages.history(conversation.id, assistantMessage.id, ctx.settings.promptHistory));
    const reply = ctx.registry.start({
      messageId: assistantMessage.id,
      leaseEpoch: assistantMessage.leaseEpoch,
      conversationId: conversation.id,
      userId: conversation.userId,
      provider: ctx.provider,
      turns: buildTurns(history, exchange.funMode),
    });
    sink.follow(reply);
  } catch (err) {
    const lease = { messageId: assistantMessage.id, leaseEpoch: assistantMessage.leaseEpoch };
    const failed = await ctx.messages.finish(lease, '', 'failed').then(
      (row) => (row ? toMessage(row) : { ...started.assistantMessage, status: 'failed' as const }),
      () => ({ ...started.assistantMessage, status: 'failed' as const }),
    );
    sink.failed(err, failed);
  }
}
