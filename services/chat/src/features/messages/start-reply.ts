import type { ChatContext } from '../../context';
import { toConversation, toMessage } from '../conversations/conversation.mapper';
import { titleAfterFirstReply } from '../conversations/model-title';
import type { ReplySink } from '../replies/reply-sink';
import { streamFrames } from '../replies/stream-frames';
import type { Exchange } from './exchange';
import type { ChatTurn } from '../model/model.types';
import { contextWindowOf } from '../model/context-window';
import { fitContext } from '../model/fit-context';
import { buildTurns } from './prompt';

/** The window of the model writing the reply (the configured default when unknown). */
function contextWindowFor(ctx: ChatContext, modelId: string | null): number {
  const model = modelId ? ctx.catalog.find(modelId) : undefined;
  const fallback = ctx.settings.defaultContextTokens;
  return model ? contextWindowOf(model.model, model.provider.local, fallback) : fallback;
}

/** The stored exchange as the stream's first frame. */
function startedFrame(exchange: Exchange) {
  return streamFrames.started(
    exchange.userMessage ? toMessage(exchange.userMessage) : null,
    toMessage(exchange.assistantMessage),
    toConversation(exchange.conversation, exchange.funMode),
  );
}

export const CONTINUE_PROMPT = 'Continue your answer exactly where it stopped, without repeating anything.';

/** Continue: the stopped reply as the assistant's last turn, then the request to carry on from it. */
function withContinuation(turns: ChatTurn[], partial: string | undefined): ChatTurn[] {
  if (!partial) return turns;
  return [...turns, { role: 'assistant', content: partial }, { role: 'user', content: CONTINUE_PROMPT }];
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
      exchange.history ?? (await ctx.tree.ancestors(assistantMessage.parentId, ctx.settings.promptHistory));
    const fitted = await fitContext(
      withContinuation(
        buildTurns(history, exchange.funMode, {
          user: exchange.customInstructions ?? null,
          conversation: exchange.conversation.systemPrompt,
        }),
        exchange.continueFrom,
      ),
      contextWindowFor(ctx, assistantMessage.model),
    );
    const reply = ctx.registry.start({
      messageId: assistantMessage.id,
      leaseEpoch: assistantMessage.leaseEpoch,
      conversationId: conversation.id,
      userId: conversation.userId,
      provider: ctx.providerFor(assistantMessage.model),
      turns: fitted.turns,
      contextTrimmed: fitted.dropped,
      prefix: exchange.continueFrom,
    });
    sink.follow(reply);
    titleAfterFirstReply(ctx, exchange, reply);
  } catch (err) {
    const lease = { messageId: assistantMessage.id, leaseEpoch: assistantMessage.leaseEpoch };
    const failed = await ctx.messages.finish(lease, '', 'failed').then(
      (row) => (row ? toMessage(row) : { ...started.assistantMessage, status: 'failed' as const }),
      () => ({ ...started.assistantMessage, status: 'failed' as const }),
    );
    sink.failed(err, failed);
  }
}
