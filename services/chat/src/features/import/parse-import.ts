import { createHash } from 'node:crypto';
import {
  chatGptConversationSchema,
  exportedConversationSchema,
  isStorableText,
  NOEK_CONVERSATION_FORMAT,
  TITLE_MAX_LENGTH,
  type ChatGptConversation,
  type ImportedConversation,
} from '@noek/contracts';
import { ValidationError } from '@noek/service-kit';
import type { z } from 'zod';
import { importedTree, type SourceNode } from './source-tree';

const IMPORTED_TITLE = 'Imported chat';

/** The 400 for one bad item of the file: its number (1-based) and title, and why. */
export function itemError(index: number, title: unknown, why: string): ValidationError {
  const name = typeof title === 'string' && title ? ` ("${title.slice(0, 60)}")` : '';
  return new ValidationError(`Item ${index + 1}${name}: ${why}. Nothing was imported.`);
}

function issueText(error: z.ZodError): string {
  const issue = error.issues[0]!;
  return `${issue.path.length ? issue.path.join('.') : 'item'}: ${issue.message}`;
}

const fromSeconds = (s: number | null | undefined, fallback: Date) =>
  typeof s === 'number' && Number.isFinite(s) ? new Date(Math.round(s * 1000)) : fallback;

const hashOf = (raw: unknown) => createHash('sha256').update(JSON.stringify(raw)).digest('hex');

type ChatGptNode = ChatGptConversation['mapping'][string];

/** A node's conversation text, or null for what is not (system prompts, tool calls, hidden or empty). */
function chatGptMessage(node: ChatGptNode, fallback: Date): SourceNode['message'] {
  const m = node.message;
  const role = m?.author.role;
  if (!m || (role !== 'user' && role !== 'assistant')) return null;
  if (m.metadata?.is_visually_hidden_from_conversation) return null;
  const parts = (m.content?.parts ?? []).filter((p): p is string => typeof p === 'string');
  const content = parts.length > 0 ? parts.join('\n') : (m.content?.text ?? '');
  if (!content.trim()) return null;
  return { role, content, createdAt: fromSeconds(m.create_time, fallback) };
}

/** ChatGPT's `mapping` as Noek's tree; `current_node` (or its nearest kept ancestor) is the current leaf. */
function fromChatGpt(raw: unknown, index: number, now: Date): ImportedConversation {
  const parsed = chatGptConversationSchema.safeParse(raw);
  if (!parsed.success) throw itemError(index, (raw as { title?: unknown })?.title, issueText(parsed.error));
  const c = parsed.data;
  const createdAt = fromSeconds(c.create_time, now);
  const tree = importedTree(
    Object.entries(c.mapping).map(([key, node]) => ({
      id: key,
      parent: node.parent ?? null,
      message: chatGptMessage(node, createdAt),
    })),
  );
  const id = c.conversation_id ?? c.id ?? 'none';
  return {
    sourceKey: `chatgpt:${id}:${hashOf(raw)}`,
    title: (c.title?.trim() || IMPORTED_TITLE).slice(0, TITLE_MAX_LENGTH),
    createdAt,
    updatedAt: fromSeconds(c.update_time, createdAt),
    messages: tree.messages,
    currentLeaf: c.current_node ? tree.keptAt(c.current_node) : null,
  };
}

/** Noek's own export: its tree rebuilt from each message's parentId. */
function fromNoek(raw: unknown, index: number): ImportedConversation {
  const parsed = exportedConversationSchema.safeParse(raw);
  if (!parsed.success) throw itemError(index, (raw as { title?: unknown })?.title, issueText(parsed.error));
  const e = parsed.data;
  const tree = importedTree(
    e.messages.map((m) => ({
      id: String(m.id),
      parent: m.parentId === null ? null : String(m.parentId),
      message: { role: m.role, content: m.content, createdAt: new Date(m.createdAt) },
    })),
  );
  return {
    sourceKey: `noek:${e.id}:${hashOf(raw)}`,
    title: (e.title.trim() || IMPORTED_TITLE).slice(0, TITLE_MAX_LENGTH),
    createdAt: new Date(e.createdAt),
    updatedAt: new Date(e.updatedAt),
    messages: tree.messages,
    currentLeaf: null,
  };
}

/**
 * One item of the file (a Noek export or a ChatGPT conversation) as a conversation to store, or the 400
 * naming it (its number in the file, its title, the field that failed).
 */
export function parseImportItem(item: unknown, index: number, now: Date): ImportedConversation {
  const title = (item as { title?: unknown })?.title;
  let c: ImportedConversation;
  if ((item as { format?: unknown })?.format === NOEK_CONVERSATION_FORMAT) c = fromNoek(item, index);
  else if (typeof (item as { mapping?: unknown })?.mapping === 'object') c = fromChatGpt(item, index, now);
  else throw itemError(index, title, 'not a Noek export nor a ChatGPT conversation');
  if (![c.title, ...c.messages.map((m) => m.content)].every(isStorableText))
    throw itemError(index, c.title, 'contains NUL characters or unpaired surrogates');
  return c;
}
