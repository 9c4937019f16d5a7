import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { once } from 'node:events';
import { IMPORT_MAX_CONVERSATIONS, type ImportedConversation, type ImportResponse } from '@noek/contracts';
import { ValidationError, type AuthUser } from '@noek/service-kit';
import type { ChatContext } from '../../context';
import { sessionUser } from '../users/session-user';
import { openImportSource, type ImportText } from './import-source';
import { parseImportItem } from './parse-import';
import { receiveUpload } from './receive-upload';
import { readImportItems } from './read-import-items';

/** Messages written per round trip: a batch of conversations is stored in a few statements. */
const BATCH_MESSAGES = 2_000;
/** The one transaction of an import: long enough for a large ChatGPT export on a loaded machine. */
const IMPORT_TRANSACTION = { timeout: 600_000, maxWait: 10_000 };

/** Told how an import goes once the file is checked: the conversations it holds, then after each batch. */
export interface ImportProgress {
  /** Conversations looked at so far (stored, or skipped as imported before) of `total` in the file. */
  (done: number, total: number): void;
}

/** What pass 1 left on disk: every item checked and converted, one JSON line each, and their source keys. */
interface Staged {
  file: string;
  keys: string[];
}

/**
 * Pass 1: reads the file item by item (never whole), checks and converts each, and stages the result as
 * JSON lines. The first bad item, bad JSON or bad UTF-8 answers 400 before anything is written.
 */
async function stage(source: ImportText, file: string, now: Date): Promise<Staged> {
  const out = createWriteStream(file);
  const keys: string[] = [];
  try {
    for await (const item of readImportItems(source)) {
      if (keys.length >= IMPORT_MAX_CONVERSATIONS)
        throw new ValidationError(
          `At most ${IMPORT_MAX_CONVERSATIONS} conversations can be imported at once. Nothing was imported.`,
        );
      const c = parseImportItem(item, keys.length, now);
      keys.push(c.sourceKey);
      if (!out.write(`${JSON.stringify(c)}\n`)) await once(out, 'drain');
    }
  } finally {
    out.end();
    await once(out, 'close');
  }
  return { file, keys };
}

async function* stagedConversations(file: string): AsyncGenerator<ImportedConversation> {
  const lines = createInterface({ input: createReadStream(file), crlfDelay: Infinity });
  for await (const line of lines) {
    const c = JSON.parse(line) as ImportedConversation & { createdAt: string; updatedAt: string };
    yield {
      ...c,
      createdAt: new Date(c.createdAt),
      updatedAt: new Date(c.updatedAt),
      messages: c.messages.map((m) => ({ ...m, createdAt: new Date(m.createdAt) })),
    };
  }
}

/**
 * Pass 2: stores the staged conversations in one transaction (all or none), in batches, skipping those
 * this user imported before and repeats within the file. Imported messages are history, not sends: they
 * never count against the usage limit.
 */
async function store(
  ctx: ChatContext,
  userId: string,
  staged: Staged,
  progress: ImportProgress,
): Promise<ImportResponse> {
  const total = staged.keys.length;
  progress(0, total);
  return ctx.transaction(async (tx) => {
    const seen = await tx.imports.existingKeys(userId, staged.keys);
    let imported = 0;
    let messages = 0;
    let looked = 0;
    let batch: ImportedConversation[] = [];
    let batchMessages = 0;
    const flush = async () => {
      if (batch.length > 0) await tx.imports.storeBatch(userId, batch);
      batch = [];
      batchMessages = 0;
      progress(looked, total);
    };
    for await (const c of stagedConversations(staged.file)) {
      looked += 1;
      if (seen.has(c.sourceKey)) continue;
      seen.add(c.sourceKey);
      batch.push(c);
      imported += 1;
      messages += c.messages.length;
      batchMessages += c.messages.length;
      if (batchMessages >= BATCH_MESSAGES) await flush();
    }
    await flush();
    return { imported, skipped: staged.keys.length - imported, messages };
  }, IMPORT_TRANSACTION);
}

/**
 * An import: the upload streamed to a private temporary folder (413 past ctx.settings.importMaxBytes),
 * read as JSON or as ChatGPT's export zip, checked whole (pass 1), then stored (pass 2). The folder is
 * removed whatever happens. `progress` hears of the storing (not of a file refused).
 */
export async function importConversations(
  ctx: ChatContext,
  auth: AuthUser,
  upload: Parameters<typeof receiveUpload>[0],
  progress: ImportProgress = () => {},
): Promise<ImportResponse> {
  const user = await sessionUser(ctx, auth);
  const dir = await mkdtemp(join(tmpdir(), 'noek-import-'));
  try {
    const file = join(dir, 'upload');
    const started = Date.now();
    const bytes = await receiveUpload(upload, file, ctx.settings.importMaxBytes);
    const received = Date.now();
    const staged = await stage(await openImportSource(file), join(dir, 'staged.jsonl'), ctx.now());
    const checked = Date.now();
    const result = await store(ctx, user.id, staged, progress);
    ctx.logger.info(
      {
        bytes,
        ...result,
        receiveMs: received - started,
        checkMs: checked - received,
        storeMs: Date.now() - checked,
      },
      'import stored',
    );
    return result;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
