import type { Request, Response } from 'express';
import { ConflictError, NotFoundError } from '@noek/service-kit';
import { accessLevelSchema } from '@noek/contracts';
import { authUser, type ChatContext } from '../../chat-context';
import { CONVERSATION_NOT_FOUND } from '../conversations/conversations.routes';
import { toConversation, toMessage } from '../conversations/conversation.mapper';
import { followReply, openEventStream, wantsEventStream } from '../replies/event-stream';
import { modelMessages } from '../model/model.types';
import { UsageLimitReached } from '../usage/usage-limit';
import { assertMaySend, assertReplySlot, assertSessionValid } from '../users/user-access';
import { applyFunModeCommand, beginSend, type Exchange } from './begin-exchange';
import { funModeReply, parseFunModeCommand } from './fun-mode';
import { buildTurns } from './prompt';

export const SEND_CONTENDED = 'Too many messages are being sent at once from your account. Please try again.';
export const REPLY_IN_PROGRESS =
  'A reply is still being written in this conversation. Wait for it to finish or press Stop.';

/** A send that keeps finding the user's row changed under it gives up (each retry is a fresh read). */
const MAX_SEND_ATTEMPTS = 8;

/** The session's user (created on first sight, revocation applied) and the conversation if theirs: one read. */
async function readSendState(ctx: ChatContext, req: Request, conversationId: number) {
  const auth = authUser(req);
  let { user, conversation } = await ctx.send.snapshot(auth.id, conversationId);
  if (!user) {
    user = await ctx.users.ensure(auth.id, accessLevelSchema.catch('basic').parse(auth.accessLevel));
    ({ conversation } = await ctx.send.snapshot(auth.id, conversationId));
  }
  assertSessionValid(user, auth.issuedAt);
  if (!conversation) throw new NotFoundError(CONVERSATION_NOT_FOUND);
  return { auth, user, conversation };
}

type SendState = Awaited<ReturnType<typeof readSendState>>;

/**
 * POST /api/conversations/:id/messages. Order matters: session (401), owner (404), banned/blocked
 * (403), one reply at a time (409), usage (429), and only then the store and the model call.
 */
export async function sendMessage(
  ctx: ChatContext,
  req: Request,
  res: Response,
  conversationId: number,
  content: string,
) {
  const state = await readSendState(ctx, req, conversationId);
  assertMaySend(state.user);
  // Claimed (after the owner check, so nobody else can hold it) until the reply is in the registry:
  // two sends racing into one conversation get one 409. No await between the check and the claim.
  if (ctx.sending.has(conversationId) || ctx.registry.findByConversation(conversationId)) {
    throw new ConflictError(REPLY_IN_PROGRESS, 'REPLY_IN_PROGRESS');
  }
  ctx.sending.add(conversationId);
  try {
    const exchange = await storeSend(ctx, req, res, state, content);
    if (exchange) await startAndAnswer(ctx, req, res, exchange);
  } finally {
    ctx.sending.delete(conversationId);
  }
}

/** Checks and stores; answers fun-mode commands and 429s itself (then resolves to undefined). */
async function storeSend(
  ctx: ChatContext,
  req: Request,
  res: Response,
  first: SendState,
  content: string,
): Promise<Exchange | undefined> {
  let state = first;
  for (let attempt = 1; ; attempt++) {
    const { auth, user, conversation } = state;
    assertMaySend(user);
    assertReplySlot(ctx.registry.countForUser(user.id), ctx.maxLiveRepliesPerUser);

    const fun = parseFunModeCommand(content);
    if (fun !== null) {
      const exchange = await applyFunModeCommand(ctx.db, {
        userId: user.id,
        conversation,
        content,
        on: fun,
        reply: funModeReply(fun),
      });
      answerFinished(req, res, exchange);
      return undefined;
    }
    let exchange: Exchange | 'stale';
    try {
      exchange = await beginSend(ctx.send, {
        user,
        conversation,
        content,
        correlationId: req.id,
        issuedAt: auth.issuedAt,
        promptHistory: ctx.promptHistory,
      });
    } catch (err) {
      if (!(err instanceof UsageLimitReached)) throw err;
      res.status(429).set('Retry-After', String(err.retryAfterSeconds())).json(err.body(req.id));
      return undefined;
    }
    if (exchange !== 'stale') {
      ctx.afterCommit();
      return exchange;
    }
    if (attempt >= MAX_SEND_ATTEMPTS) throw new ConflictError(SEND_CONTENDED, 'SEND_CONTENDED');
    // Something changed since the read (a concurrent send, a block, a revocation): decide again.
    state = await readSendState(ctx, req, conversation.id);
  }
}

/**
 * Answers SSE or JSON and starts generation in the registry (independent of this response). On SSE the
 * `started` event goes out first, so the client sees its stored message before the prompt is built.
 * Resolves once the reply is in the registry (or has failed to start); never rejects.
 */
export function startAndAnswer(
  ctx: ChatContext,
  req: Request,
  res: Response,
  exchange: Exchange,
): Promise<void> {
  const { assistantMessage, conversation } = exchange;
  const started = {
    type: 'started' as const,
    userMessage: exchange.userMessage ? toMessage(exchange.userMessage) : null,
    assistantMessage: toMessage(assistantMessage),
    conversation: toConversation(conversation, exchange.funMode),
  };
  const stream = wantsEventStream(req.headers.accept) ? openEventStream(res) : null;
  stream?.send(started);
  return (async () => {
    const history =
      exchange.history ??
      (await ctx.messages.history(conversation.id, assistantMessage.id, ctx.promptHistory));
    const reply = ctx.registry.start({
      messageId: assistantMessage.id,
      conversationId: conversation.id,
      userId: conversation.userId,
      provider: ctx.provider,
      turns: buildTurns(history, exchange.funMode),
    });
    if (stream) return followReply(res, stream, reply, undefined, ctx.registry);
    void reply.settled.then((end) => {
      if (!res.headersSent)
        res.status(200).json({
          userMessage: started.userMessage,
          assistantMessage: end.assistantMessage,
          conversation: started.conversation,
        });
    });
  })().catch(async (err: unknown) => {
    req.log.error({ err }, 'starting a reply failed');
    // The user's message is stored; the reply is marked failed so Retry is offered.
    const failed = await ctx.messages
      .finish(assistantMessage.id, '', 'failed')
      .then(toMessage, () => ({ ...started.assistantMessage, status: 'failed' as const }));
    if (stream) {
      stream.send({
        type: 'error',
        assistantMessage: failed,
        message: modelMessages.upstream,
        retryable: true,
      });
      stream.end();
    } else if (!res.headersSent) {
      res.status(500).json({
        code: 'INTERNAL',
        message: 'Something went wrong on our side. Please try again.',
        requestId: req.id,
      });
    }
  });
}

/** A reply that is already complete (fun-mode command): the same events, ending at once. */
function answerFinished(req: Request, res: Response, exchange: Exchange): void {
  const conversation = toConversation(exchange.conversation, exchange.funMode);
  const userMessage = exchange.userMessage ? toMessage(exchange.userMessage) : null;
  const assistantMessage = toMessage(exchange.assistantMessage);
  if (!wantsEventStream(req.headers.accept)) {
    res.status(200).json({ userMessage, assistantMessage, conversation });
    return;
  }
  res.status(200).set({
    'Content-Type': 'text/event-stream; charset=utf-8',
    'Cache-Control': 'no-cache, no-transform',
    'X-Accel-Buffering': 'no',
  });
  const frames = [
    { type: 'started', userMessage, assistantMessage, conversation },
    { type: 'done', assistantMessage, conversation },
  ];
  res.end(frames.map((f) => `event: ${f.type}\ndata: ${JSON.stringify(f)}\n\n`).join(''));
}
