import { z } from 'zod';
import type { messageRoleSchema } from '../entities/message.schema';
import { exportedConversationSchema } from './export.schema';

/**
 * Default of the largest import accepted (bytes of the uploaded file: gateway's and chat's IMPORT_MAX_BYTES);
 * more answers 413 before anything is parsed.
 */
export const IMPORT_DEFAULT_MAX_BYTES = 100 * 1024 * 1024;
/** Conversations in one import. */
export const IMPORT_MAX_CONVERSATIONS = 50_000;

/**
 * POST /api/conversations/import (ours): the file itself as the body (streamed, never a form):
 * `application/json` for Noek's conversation export (one object or an array of them) or ChatGPT's
 * `conversations.json`, `application/zip` for ChatGPT's export zip (its conversations.json is read).
 * ChatGPT's tree comes in whole (every branch; the path last seen is the current one). Whole or nothing:
 * one bad item answers 400 naming it and imports nothing. Importing the same conversations again creates
 * nothing new (`skipped`). Over IMPORT_MAX_BYTES: 413.
 */
export const importResponseSchema = z.object({
  imported: z.number().int().min(0),
  skipped: z.number().int().min(0),
  messages: z.number().int().min(0),
});
export type ImportResponse = z.infer<typeof importResponseSchema>;

/*
 * The import's answer as an event stream (Accept: text/event-stream): the file is received and checked
 * first (a refusal is still a plain 4xx answer), then `progress` after each batch stored, then `done`
 * with the JSON answer's fields, or `error` (nothing was imported).
 */
export const importProgressEventSchema = z.object({
  type: z.literal('progress'),
  /** Conversations of the file looked at so far (stored, or skipped as imported before). */
  done: z.number().int().min(0),
  /** Conversations in the file. */
  total: z.number().int().min(0),
});
export const importDoneEventSchema = importResponseSchema.extend({ type: z.literal('done') });
export const importErrorEventSchema = z.object({
  type: z.literal('error'),
  code: z.string(),
  /** Plain-language message a UI may show as is. */
  message: z.string(),
});
export const importEventSchema = z.discriminatedUnion('type', [
  importProgressEventSchema,
  importDoneEventSchema,
  importErrorEventSchema,
]);
export type ImportEvent = z.infer<typeof importEventSchema>;

/** Noek's own export, as import reads it: one conversation or several. */
export const noekImportSchema = z.union([exportedConversationSchema, z.array(exportedConversationSchema)]);

/** One node of ChatGPT's export tree (only what import reads; anything else is ignored). */
const chatGptNodeSchema = z.object({
  id: z.string(),
  parent: z.string().nullable().optional(),
  message: z
    .object({
      author: z.object({ role: z.string() }),
      create_time: z.number().nullable().optional(),
      content: z
        .object({
          content_type: z.string().optional(),
          parts: z.array(z.unknown()).nullable().optional(),
          /** `code` and some other content types carry their text here rather than in parts. */
          text: z.string().nullable().optional(),
        })
        .nullable()
        .optional(),
      metadata: z
        .object({ is_visually_hidden_from_conversation: z.boolean().nullable().optional() })
        .nullable()
        .optional(),
    })
    .nullable()
    .optional(),
});

/** One conversation of ChatGPT's conversations.json. */
export const chatGptConversationSchema = z.object({
  id: z.string().optional(),
  conversation_id: z.string().optional(),
  title: z.string().nullable().optional(),
  create_time: z.number().nullable().optional(),
  update_time: z.number().nullable().optional(),
  current_node: z.string().nullable().optional(),
  mapping: z.record(z.string(), chatGptNodeSchema),
});
export type ChatGptConversation = z.infer<typeof chatGptConversationSchema>;
export const chatGptImportSchema = z.array(chatGptConversationSchema);

/** One message to import; `parent`: the index of the message it follows in its conversation, or null. */
export interface ImportedMessage {
  role: z.infer<typeof messageRoleSchema>;
  content: string;
  createdAt: Date;
  parent: number | null;
}

/** What either format becomes before it is stored. */
export interface ImportedConversation {
  /**
   * The source's conversation id and a hash of the item ("chatgpt:<id>:<sha256>"): the same item imported
   * twice is skipped; the same conversation continued in the source since comes in again, whole.
   */
  sourceKey: string;
  title: string;
  createdAt: Date;
  updatedAt: Date;
  /** The whole tree, parents before children. */
  messages: ImportedMessage[];
  /** The index of the message whose path the user last saw (the conversation's current leaf), or null. */
  currentLeaf: number | null;
}
