/**
 * A chat replica SIGKILLed in the middle of an edited branch's reply (issue 26). Some users each have a
 * finished exchange; they edit their message (straight to one replica, so the one serving the new
 * branch's reply is known) and, once its first words arrived, that replica is killed and started again.
 * The lease sweep marks the cut replies interrupted (free Retry); each user presses Retry through the
 * gateway. Then, per conversation: the reply completes on the edited branch (under the edited message,
 * which is the path shown), the old branch is untouched, and nothing is lost or doubled (four messages:
 * the first exchange and the edited one).
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { apiRoutes, createStreamParser, routePath, type Message, type StreamEvent } from '@noek/contracts';
import type { ChatUser } from './chat-client';
import type { Fault, World } from './faults';

const KILLED = 'chat';
const EDITORS = 5;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

type Edit = {
  user: ChatUser;
  conversationId: number;
  first: { user: Message; reply: Message };
  content: string;
  /** The edited message and the new branch's reply, from the edit's `started` event. */
  edited?: Message;
  replyId?: number;
  /** The longest reply text this user was shown on the new branch. */
  shown: string;
};

/** Reads a reply stream until its final event (answered) or a cut (null). */
async function readStream(res: Response, onEvent: (e: StreamEvent) => void): Promise<StreamEvent | null> {
  const parse = createStreamParser();
  const decoder = new TextDecoder();
  try {
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
      for (const e of parse(decoder.decode(chunk, { stream: true }))) {
        onEvent(e);
        if (e.type === 'done' || e.type === 'error') return e;
      }
    }
  } catch {
    // cut
  }
  return null;
}

/** A finished first exchange in a conversation of its own (through the gateway, no fault yet). */
async function firstExchange(user: ChatUser): Promise<Edit> {
  const conversationId = await user.newConversation();
  const x = await user.exchange(conversationId);
  if (x.end !== 'done')
    throw new Error(
      `the first exchange of ${user.email} ended ${x.end}${x.endMessage ? `: ${x.endMessage}` : ''}`,
    );
  const res = await user.call('GET', routePath(apiRoutes.conversations.messages, { id: conversationId }));
  const [u, reply] = (await res.json()) as Message[];
  return {
    user,
    conversationId,
    first: { user: u!, reply: reply! },
    content: `edited ${randomUUID()}`,
    shown: '',
  };
}

/** The edit sent straight to the replica to kill; `started` resolves at its first token. */
function editOn(url: string, e: Edit) {
  let onFirstToken!: () => void;
  const started = new Promise<void>((r) => (onFirstToken = r));
  const path = routePath(apiRoutes.conversations.editMessage, {
    id: e.conversationId,
    messageId: e.first.user.id,
  });
  const ended = (async () => {
    const res = await fetch(url + path, {
      method: 'POST',
      headers: e.user.headers({ Accept: 'text/event-stream' }),
      body: JSON.stringify({ content: e.content }),
    }).catch(() => null);
    if (res?.status !== 200) return;
    let text = '';
    await readStream(res, (ev) => {
      if (ev.type === 'started') {
        e.edited = ev.userMessage ?? undefined;
        e.replyId = ev.assistantMessage.id;
      } else if (ev.type === 'token') {
        text += ev.text;
        if (text.length > e.shown.length) e.shown = text;
        onFirstToken();
      }
    });
  })().finally(() => onFirstToken());
  return { started, ended };
}

/** The cut reply, once swept (no longer `streaming`); Retry through the gateway when it was cut. */
async function finish(db: pg.Client, e: Edit): Promise<string[]> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const { rows } = await db.query(`SELECT status FROM chat.messages WHERE id = $1`, [e.replyId]);
    const status = (rows[0] as { status: string } | undefined)?.status;
    if (status && status !== 'streaming') break;
    if (Date.now() > deadline) return [`reply ${e.replyId} still streaming after 60 s`];
    await sleep(250);
  }
  const { rows } = await db.query(`SELECT status FROM chat.messages WHERE id = $1`, [e.replyId]);
  if ((rows[0] as { status: string }).status === 'complete') return [];
  const path = routePath(apiRoutes.conversations.retryMessage, {
    id: e.conversationId,
    messageId: e.replyId!,
  });
  const res = await e.user.call('POST', path, undefined, 'text/event-stream');
  if (res.status !== 200) return [`Retry of ${e.replyId} answered ${res.status} ${await res.text()}`];
  const end = await readStream(res, () => undefined);
  return end?.type === 'done' ? [] : [`Retry of ${e.replyId} ended with ${end?.type ?? 'a cut'}`];
}

/** The conversation as stored: the reply complete on the edited branch, the old branch untouched. */
async function check(db: pg.Client, e: Edit): Promise<string[]> {
  const who = `conversation ${e.conversationId}`;
  if (!e.edited || e.replyId === undefined) return [`${who}: the edit never started`];
  const { rows } = await db.query(
    `SELECT id, "parentId", role, content, status FROM chat.messages WHERE "conversationId" = $1 ORDER BY id`,
    [e.conversationId],
  );
  const all = rows as {
    id: number;
    parentId: number | null;
    role: string;
    content: string;
    status: string;
  }[];
  const p: string[] = [];
  if (all.length !== 4) p.push(`${who}: ${all.length} messages stored, 4 expected`);
  if (all.filter((m) => m.content === e.content).length !== 1)
    p.push(`${who}: the edited message is not stored once`);
  const reply = all.find((m) => m.id === e.replyId);
  if (reply?.status !== 'complete') p.push(`${who}: the new branch's reply is ${reply?.status}`);
  if (reply?.parentId !== e.edited.id) p.push(`${who}: the reply is not under the edited message`);
  if (reply && !reply.content.startsWith(e.shown)) p.push(`${who}: the reply lost what its user was shown`);
  const old = all.find((m) => m.id === e.first.reply.id);
  if (old?.content !== e.first.reply.content || old.status !== e.first.reply.status)
    p.push(`${who}: the old branch's reply changed`);
  if (all.some((m) => m.parentId === e.first.reply.id)) p.push(`${who}: a reply landed on the old branch`);
  const path = await e.user.call(
    'GET',
    routePath(apiRoutes.conversations.messages, { id: e.conversationId }),
  );
  const shown = ((await path.json()) as Message[]).map((m) => m.id);
  if (shown.join() !== `${e.edited.id},${e.replyId}`) p.push(`${who}: the path shown is ${shown.join()}`);
  return p;
}

export const editedBranchCrashFault: Fault = {
  key: 'edit-crash',
  name: "SIGKILL the chat replica writing an edited branch's reply",
  inject: async (world: World) => {
    const edits = await Promise.all(world.users.slice(0, EDITORS).map(firstExchange));
    const running = edits.map((e) => editOn(world.product.replicaUrls[KILLED]!, e));
    await Promise.all(running.map((r) => r.started));
    await world.product.signal(KILLED, 'SIGKILL');
    await Promise.all(running.map((r) => r.ended));
    await world.product.restart(KILLED);
    const db = new pg.Client(world.pg.url);
    await db.connect();
    try {
      const problems: string[] = [];
      for (const e of edits) problems.push(...(await finish(db, e)));
      for (const e of edits) problems.push(...(await check(db, e)));
      console.log(
        `  edited branches: ${edits.length} edits cut by the kill, ${edits.filter((e) => e.replyId).length} started, ` +
          `${problems.length} problems`,
      );
      return problems;
    } finally {
      await db.end();
    }
  },
};
