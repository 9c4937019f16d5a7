import type { Request, Response } from 'express';
import { MAX_INT4 } from '@noek/contracts';
import { ConflictError, NotFoundError } from '@noek/service-kit';
import { chatUser, type ChatContext } from '../../chat-context';
import { CONVERSATION_NOT_FOUND } from '../conversations/conversations.routes';
import { toMessage } from '../conversations/conversation.mapper';
import { openEventStream, pipeReply } from '../replies/event-stream';
import { UsageLimitReached } from '../usage/usage-limit';
import { assertMaySend, assertReplySlot } from '../users/user-access';
import { beginRetry } from './begin-exchange';
import { REPLY_IN_PROGRESS, startAndAnswer } from './send-message.handler';

export const MESSAGE_NOT_FOUND = 'Message not found.';

async function ownedMessage(ctx: ChatContext, req: Request, conversationId: number, messageId: number) {
  const user = await chatUser(ctx, req);
  const message = await ctx.messages.findOwned(user.id, conversationId, messageId);
  if (!message) throw new NotFoundError(MESSAGE_NOT_FOUND);
  return { user, message };
}

/**
 * Re-attach: the reply so far, then live tokens until it ends. A reply no longer generated here is
 * sent as stored; one left `streaming` by a crashed process is marked interrupted first.
 */
export async function followMessage(
  ctx: ChatContext,
  req: Request,
  res: Response,
  conversationId: number,
  messageId: number,
) {
  const { user, message } = await ownedMessage(ctx, req, conversationId, messageId);
  const live = ctx.registry.get(message.id);
  if (live) {
    pipeReply(
      res,
      live,
      (snapshot) => ({
        type: 'snapshot',
        assistantMessage: { ...toMessage(message), content: snapshot, status: 'streaming' },
      }),
      ctx.registry,
    );
    return;
  }
  let row = message;
  if (row.status === 'streaming') {
    await ctx.messages.interruptStale(new Date(Date.now() + 1), [row.id]);
    row = (await ctx.messages.findOwned(user.id, conversationId, messageId)) ?? row;
  }
  const stream = openEventStream(res);
  stream.send({ type: 'snapshot', assistantMessage: toMessage(row) });
  stream.send({ type: 'done', assistantMessage: toMessage(row) });
  stream.end();
}

/** Stop: aborts the model request, keeps the partial reply; answers the stored message. Idempotent. */
export async function stopMessage(ctx: ChatContext, req: Request, conversationId: number, messageId: number) {
  const { message } = await ownedMessage(ctx, req, conversationId, messageId);
  const end = await ctx.registry.stop(message.id);
  return end ? end.assistantMessage : toMessage(message);
}

export const NOT_RETRYABLE =
  'Only the last reply can be retried, and only when it was interrupted or failed.';

/** Retry the last reply when it was interrupted or failed: same checks as sending, same stream. */
export async function retryMessage(
  ctx: ChatContext,
  req: Request,
  res: Response,
  conversationId: number,
  messageId: number,
) {
  const { user, message } = await ownedMessage(ctx, req, conversationId, messageId);
  assertMaySend(user);
  if (ctx.sending.has(conversationId) || ctx.registry.findByConversation(conversationId)) {
    throw new ConflictError(REPLY_IN_PROGRESS, 'REPLY_IN_PROGRESS');
  }
  assertReplySlot(ctx.registry.countForUser(user.id), ctx.maxLiveRepliesPerUser);
  // The newest message of the conversation (ids are int4, so MAX_INT4 is past every id).
  const [last] = await ctx.messages.history(conversationId, MAX_INT4, 1);
  const isLast = last?.id === message.id;
  if (message.role !== 'assistant' || !['interrupted', 'failed'].includes(message.status) || !isLast) {
    throw new ConflictError(NOT_RETRYABLE, 'NOT_RETRYABLE');
  }
  const conversation = await ctx.conversations.findOwned(user.id, conversationId);
  if (!conversation) throw new NotFoundError(CONVERSATION_NOT_FOUND);
  try {
    const exchange = await beginRetry(ctx.db, {
      userId: user.id,
      conversation,
      messageId: message.id,
      correlationId: req.id,
    });
    ctx.afterCommit();
    void startAndAnswer(ctx, req, res, exchange);
  } catch (err) {
    if (!(err instanceof UsageLimitReached)) throw err;
    res.status(429).set('Retry-After', String(err.retryAfterSeconds())).json(err.body(req.id));
  }
}
