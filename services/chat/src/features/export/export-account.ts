import type { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { NOEK_ACCOUNT_FORMAT, type ExportedAccount } from '@noek/contracts';
import type { AuthUser } from '@noek/service-kit';
import type { ChatContext } from '../../context';
import type { ChatUser } from '../../generated/prisma/client';
import { sessionUser } from '../users/session-user';
import { accountConversations } from './account-conversations';
import { toExportedConversation } from './conversation-export';
import { zipStream, type ZipFileInput } from './zip/zip-stream';

/**
 * Deflate's fastest level: about three times the speed of the default (6) for a zip a few percent
 * larger (JSON of chat text); the default made compression the export's largest CPU cost.
 */
export const ZIP_LEVEL = 1;
/**
 * Conversations compressing at once: enough to keep both cores deflating while the next ones are read,
 * few enough that memory stays flat (a conversation is at most a few MB).
 */
const ZIP_IN_FLIGHT = 4;

/** account.json, then one JSON file per conversation, read in pages of many conversations' messages. */
async function* accountFiles(
  ctx: ChatContext,
  user: Pick<ChatUser, 'id' | 'funMode'>,
  count: number,
): AsyncGenerator<ZipFileInput> {
  const account: ExportedAccount = {
    format: NOEK_ACCOUNT_FORMAT,
    version: 1,
    exportedAt: ctx.now().toISOString(),
    settings: { funMode: user.funMode },
    conversationCount: count,
  };
  yield { name: 'account.json', text: JSON.stringify(account, null, 2) };
  for await (const { conversation, messages } of accountConversations(ctx, user.id)) {
    const text = JSON.stringify(toExportedConversation(conversation, messages), null, 2);
    yield { name: `conversations/${conversation.id}.json`, text };
  }
}

/**
 * The whole account as a zip streamed to `out`, with flat memory whatever the account's size. A download
 * the client cancels ends the export and stops reading the account.
 */
export async function exportAccount(
  ctx: ChatContext,
  auth: AuthUser,
  start: (conversationCount: number) => Writable,
): Promise<void> {
  const user = await sessionUser(ctx, auth);
  const count = await ctx.exports.count(user.id);
  const out = start(count);
  const zip = zipStream(accountFiles(ctx, user, count), {
    level: ZIP_LEVEL,
    inFlight: ZIP_IN_FLIGHT,
    modified: ctx.now(),
  });
  try {
    await pipeline(zip, out);
  } catch (error) {
    // A client that went away is not a failure, and nothing is left to tell it.
    if ((error as NodeJS.ErrnoException).code !== 'ERR_STREAM_PREMATURE_CLOSE') throw error;
  }
}
