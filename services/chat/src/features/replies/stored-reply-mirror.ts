/*
 * Re-attach to a reply this process is not writing: another replica writes it, or the process that
 * wrote it died and its lease has not run out yet. Write-ahead streaming makes the database the truth
 * (it holds every character any client was shown), so a mirror reads the stored text every
 * `pollMs` and hands what is new to its listeners, until the reply is no longer `streaming` (finished
 * by its writer, or interrupted by the lease sweep) or nobody follows it any more.
 */
import type { Message } from '@noek/contracts';
import { LiveReply } from './reply-registry';
import { streamFrames } from './stream-frames';

export interface StoredReplyMirrorOptions {
  /** The stored message, or null when it is gone. */
  read(): Promise<Message | null>;
  pollMs: number;
  onError?: (err: unknown) => void;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A LiveReply fed from the database, starting from `row` (a `streaming` message). */
export function mirrorStoredReply(row: Message, userId: string, opts: StoredReplyMirrorOptions): LiveReply {
  const mirror = new LiveReply(row.id, row.conversationId, userId);
  mirror.append(row.content);
  mirror.commit(row.content.length);
  void follow(mirror, opts);
  return mirror;
}

async function follow(mirror: LiveReply, opts: StoredReplyMirrorOptions): Promise<void> {
  // The caller subscribes in the same tick; from then on an empty listener set means every client left.
  await sleep(opts.pollMs);
  let failing = false;
  while (mirror.listenerCount > 0) {
    let row: Message | null;
    try {
      row = await opts.read();
      failing = false;
    } catch (err) {
      // The database is away: the stream stays open and the text stays shown; go on when it is back.
      if (!failing) opts.onError?.(err);
      failing = true;
      await sleep(opts.pollMs * 4);
      continue;
    }
    if (!row) return mirror.end(streamFrames.done(mirror.asShown('interrupted')));
    if (row.content.length > mirror.storedLength && row.content.startsWith(mirror.generated)) {
      mirror.append(row.content.slice(mirror.generated.length));
      mirror.commit(row.content.length);
    }
    if (row.status !== 'streaming') return mirror.end(streamFrames.done(row));
    await sleep(opts.pollMs);
  }
}
