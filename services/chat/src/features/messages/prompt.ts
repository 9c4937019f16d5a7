import type { Message as MessageRow } from '../../generated/prisma/client';
import type { ChatTurn } from '../model/model.types';
import { FUN_MODE_PERSONA, funModeReply, parseFunModeCommand } from './fun-mode';

export const SYSTEM_PROMPT =
  'You are Noek, a helpful AI assistant. Answer clearly and accurately; use markdown where it helps.';

const FUN_REPLIES = new Set([funModeReply(true), funModeReply(false)]);

/** The user's own instructions: theirs for every conversation, and this conversation's system prompt. */
export interface PromptInstructions {
  user: string | null;
  conversation: string | null;
}

/** The system message: ours (+ fun persona), then the user's instructions, then the conversation's. */
function systemMessage(funMode: boolean, instructions?: PromptInstructions): string {
  const parts = [SYSTEM_PROMPT];
  if (funMode) parts.push(FUN_MODE_PERSONA);
  if (instructions?.user) parts.push(`The user's custom instructions:\n${instructions.user}`);
  if (instructions?.conversation) {
    parts.push(`The user's instructions for this conversation:\n${instructions.conversation}`);
  }
  return parts.join('\n\n');
}

/** The turns sent to the model: the system message, then history without commands or empty failures. */
export function buildTurns(
  history: MessageRow[],
  funMode: boolean,
  instructions?: PromptInstructions,
): ChatTurn[] {
  const system = systemMessage(funMode, instructions);
  const turns: ChatTurn[] = [{ role: 'system', content: system }];
  for (const m of history) {
    if (m.role === 'user' && parseFunModeCommand(m.content) !== null) continue;
    if (m.role === 'assistant' && (m.content === '' || FUN_REPLIES.has(m.content))) continue;
    turns.push({ role: m.role, content: m.content });
  }
  return turns;
}
