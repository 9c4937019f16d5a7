/**
 * A user of the fault run, speaking HTTP as the chat page does: a cookie session, a send that streams its
 * reply, and a re-attach (GET .../stream) whenever the stream breaks without its final event. A send that
 * fails is tried again only after checking that it was not stored (its text carries a unique tag), so the
 * client itself never doubles a message.
 */
import { randomUUID } from 'node:crypto';
import { apiRoutes, createStreamParser, routePath, type Message, type StreamEvent } from '@noek/contracts';
import { retryPause } from '../support/timing';

export type Exchange = {
  content: string;
  /** Send attempts, and how many were refused (any non-200 or a broken connection before `started`). */
  attempts: number;
  refused: number;
  /** 5xx answers seen by this exchange (sends and re-attaches). */
  serverErrors: number;
  accepted: boolean;
  assistantId?: number;
  /** The longest reply text this user was ever shown. */
  shown: string;
  end: 'done' | 'error' | 'gave-up';
  endStatus?: string;
  /** The final `error` event's message, when the reply ended with one. */
  endMessage?: string;
};

export class ChatUser {
  private cookies = new Map<string, string>();
  /** The exchange under way, as far as it got (what the user has been shown so far). */
  live: Exchange | undefined;
  constructor(
    readonly base: string,
    readonly email: string,
  ) {}

  /** The headers this user sends (cookie session, Origin), for calls made outside this class. */
  headers(extra: Record<string, string> = {}): Record<string, string> {
    const cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    return { Origin: this.base, 'Content-Type': 'application/json', Cookie: cookie, ...extra };
  }

  async call(method: string, path: string, body?: unknown, accept?: string): Promise<Response> {
    const res = await fetch(this.base + path, {
      method,
      headers: this.headers(accept ? { Accept: accept } : {}),
      body: body === undefined ? undefined : JSON.stringify(body),
      redirect: 'manual',
      signal: AbortSignal.timeout(120_000),
    });
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const i = pair!.indexOf('=');
      this.cookies.set(pair!.slice(0, i), pair!.slice(i + 1));
    }
    return res;
  }

  /**
   * A call that is not part of what a fault run measures (sign-up, sign-in, a new conversation): a 503 with
   * Retry-After means nothing was changed and the server is busy, so it is tried again after the time the
   * server asked for (what the answer asks of any client).
   */
  async callPatiently(method: string, path: string, body?: unknown): Promise<Response> {
    for (let attempt = 1; ; attempt++) {
      const res = await this.call(method, path, body);
      const retryAfter = Number(res.headers.get('retry-after'));
      if (res.status !== 503 || !(retryAfter > 0) || attempt === 4) return res;
      await res.body?.cancel();
      await retryPause(retryAfter * 1000);
    }
  }

  async signIn(password: string): Promise<void> {
    const res = await this.callPatiently('POST', apiRoutes.auth.login.path, { email: this.email, password });
    if (res.status !== 200) throw new Error(`sign-in of ${this.email}: ${res.status} ${await res.text()}`);
  }

  async newConversation(): Promise<number> {
    const res = await this.callPatiently('POST', apiRoutes.conversations.create.path, { title: 'Fault run' });
    if (res.status !== 201) throw new Error(`new conversation: ${res.status} ${await res.text()}`);
    return ((await res.json()) as { id: number }).id;
  }

  private async stored(conversationId: number, content: string): Promise<Message | 'unknown' | null> {
    try {
      const res = await this.call('GET', routePath(apiRoutes.conversations.messages, { id: conversationId }));
      if (res.status !== 200) return 'unknown';
      const list = (await res.json()) as Message[];
      const i = list.findIndex((m) => m.role === 'user' && m.content === content);
      return i < 0 ? null : (list[i + 1] ?? 'unknown');
    } catch {
      return 'unknown';
    }
  }

  /** One message and its reply, through whatever happens, within `deadlineMs`. */
  async exchange(conversationId: number, deadlineMs = 90_000): Promise<Exchange> {
    const x: Exchange = {
      content: `fault run ${randomUUID()}`,
      attempts: 0,
      refused: 0,
      serverErrors: 0,
      accepted: false,
      shown: '',
      end: 'gave-up',
    };
    this.live = x;
    const until = Date.now() + deadlineMs;
    while (!x.accepted && Date.now() < until) {
      const before = x.attempts > 0 ? await this.stored(conversationId, x.content) : null;
      if (before === 'unknown') {
        await retryPause(500);
        continue;
      }
      if (before) {
        x.accepted = true;
        x.assistantId = before.id;
        break;
      }
      x.attempts++;
      try {
        const path = routePath(apiRoutes.conversations.send, { id: conversationId });
        const res = await this.call('POST', path, { content: x.content }, 'text/event-stream');
        if (res.status === 200 && (await this.read(res, x))) return x;
        if (res.status !== 200) {
          x.refused++;
          if (res.status >= 500) x.serverErrors++;
          const wait = Number(res.headers.get('retry-after') ?? 1);
          await res.body?.cancel();
          await retryPause(Math.min(5, Math.max(0.2, wait)) * 1000);
        }
      } catch {
        if (x.assistantId === undefined) x.refused++;
        await retryPause(500);
      }
      if (x.assistantId !== undefined) x.accepted = true;
    }
    while (x.accepted && Date.now() < until) {
      try {
        const path = routePath(apiRoutes.conversations.messageStream, {
          id: conversationId,
          messageId: x.assistantId!,
        });
        const res = await this.call('GET', path, undefined, 'text/event-stream');
        if (res.status === 200 && (await this.read(res, x))) return x;
        if (res.status >= 500) x.serverErrors++;
        if (res.status !== 200) await res.body?.cancel();
      } catch {
        // the connection broke: re-attach
      }
      await retryPause(500);
    }
    return x;
  }

  /** Reads a reply stream; true when it ended with its final event. */
  private async read(res: Response, x: Exchange): Promise<boolean> {
    const parse = createStreamParser();
    const decoder = new TextDecoder();
    let text = x.shown;
    const show = (t: string) => {
      text = t;
      if (t.length > x.shown.length) x.shown = t;
    };
    const onEvent = (e: StreamEvent): boolean => {
      if (e.type === 'started') {
        x.assistantId = e.assistantMessage.id;
        x.accepted = true;
      } else if (e.type === 'snapshot') show(e.assistantMessage.content);
      else if (e.type === 'token') show(text + e.text);
      else {
        show(e.assistantMessage.content);
        x.end = e.type;
        x.endStatus = e.assistantMessage.status;
        if (e.type === 'error') x.endMessage = e.message;
        return true;
      }
      return false;
    };
    try {
      for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
        for (const e of parse(decoder.decode(chunk, { stream: true }))) if (onEvent(e)) return true;
      }
    } catch {
      // cut: the caller re-attaches
    }
    return false;
  }
}
