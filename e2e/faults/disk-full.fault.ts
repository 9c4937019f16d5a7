/**
 * The disk under chat's messages fills up while replies stream (PostgreSQL answers SQLSTATE 53100,
 * "could not extend file": No space left on device), then space is freed. The table (with its TOAST
 * table) is moved for the row's duration to a tablespace on a small tmpfs (root only: the run's private
 * PostgreSQL), and the tmpfs is filled; WAL stays on the main disk, so this is disk full, not a crash. A send meanwhile is
 * answered 503 with Retry-After (never 500), nothing shown is lost, and sends work again once space is back.
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chownSync, closeSync, mkdirSync, mkdtempSync, openSync, rmSync, writeSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { apiRoutes, routePath } from '@noek/contracts';
import { holdFault } from '../support/timing';
import type { ChatUser } from './chat-client';
import type { Fault } from './faults';

const TABLESPACE = 'noek_fault_disk';
/** How long the disk stays full: writes of the replies in flight fail and are retried meanwhile. */
const FULL_MS = 10_000;

/** Fills the file system under `dir` until it refuses (ENOSPC). */
function fill(dir: string): void {
  const fd = openSync(join(dir, 'filler'), 'w');
  const chunk = Buffer.alloc(1 << 20);
  try {
    for (;;) writeSync(fd, chunk);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOSPC') throw err;
  } finally {
    closeSync(fd);
  }
}

/** One send in a new conversation: its status, Retry-After and error code (the stream is left at once). */
async function probeSend(user: ChatUser, label: string) {
  const conversationId = await user.newConversation();
  const res = await user.call(
    'POST',
    routePath(apiRoutes.conversations.send, { id: conversationId }),
    // 16 kB that does not compress: stored out of line in the messages' TOAST table, which holds nothing
    // else (no message of the run is that long), so the insert needs new pages on the full disk.
    { content: `disk full probe ${label} ${randomBytes(12_000).toString('base64')}` },
    'text/event-stream',
  );
  const retryAfter = res.headers.get('retry-after');
  const code = res.status === 200 ? undefined : ((await res.json()) as { code?: string }).code;
  await res.body?.cancel().catch(() => undefined);
  return { status: res.status, retryAfter, code };
}

function postgresOwns(path: string): void {
  const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres']).toString().trim());
  chownSync(path, id('-u'), id('-g'));
}

export const diskFullFault: Fault = {
  key: 'disk-full',
  name: 'disk full under chat messages for 10 s',
  inject: async ({ pg: cluster, users }) => {
    if (userInfo().uid !== 0) return ['disk full needs root (a tmpfs mount); not run'];
    const mount = mkdtempSync(join(tmpdir(), 'noek-disk-full-'));
    const db = new pg.Client(cluster.url);
    await db.connect();
    const problems: string[] = [];
    let mounted = false;
    let moved = false;
    try {
      execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=32m', 'tmpfs', mount]);
      mounted = true;
      const location = join(mount, 'tablespace');
      mkdirSync(location);
      postgresOwns(location);
      await db.query(`CREATE TABLESPACE ${TABLESPACE} LOCATION '${location}'`);
      await db.query(`ALTER TABLE chat.messages SET TABLESPACE ${TABLESPACE}`);
      moved = true;
      fill(mount);
      const [first, second] = users;
      const during = await probeSend(first!, 'during');
      if (during.status !== 503 || !during.retryAfter || during.code !== 'SERVICE_UNAVAILABLE')
        problems.push(
          `a send on a full disk answered ${during.status} (Retry-After ${during.retryAfter}, ${during.code}), not 503 with Retry-After`,
        );
      await holdFault(FULL_MS);
      rmSync(join(mount, 'filler'));
      const after = await probeSend(second!, 'after');
      if (after.status !== 200) problems.push(`a send after space was freed answered ${after.status}`);
      console.log(
        `  disk full: a send answered ${during.status} (Retry-After ${during.retryAfter} s); after: ${after.status}`,
      );
    } finally {
      if (moved) await db.query(`ALTER TABLE chat.messages SET TABLESPACE pg_default`);
      await db.query(`DROP TABLESPACE IF EXISTS ${TABLESPACE}`).catch(() => undefined);
      await db.end();
      if (mounted) execFileSync('umount', [mount]);
      rmSync(mount, { recursive: true, force: true });
    }
    return problems;
  },
};
