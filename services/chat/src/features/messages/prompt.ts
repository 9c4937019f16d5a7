import type { Message as MessageRow } from '../../generated/prisma/client';
import type { ChatTurn } from '../model/model.types';
import { FUN_MODE_PERSONA, funModeReply, parseFunModeCommand } from './fun-mode';

export const SYSTEM_PROMPT =
  'You are Noek, a helpful AI assistant. Answer clearly and accurately; use markdown where it helps.';

const FUN_REPLIES = new Set([funModeReply(true), funModeReply(false)]);

/** The turns sent to the model: system prompt (+ fun persona), then history without commands or empty failures. */
export function buildTurns(history: MessageRow[], funMode: boolean): ChatTurn[] {
  const system = funMode ? `${SYSTEM_PROMPT}\n\n${FUN_MODE_PERSONA}` : SYSTEM_PROMPT;
  const turns: ChatTurn[] = [{ role: 'system', content: system }];
  for (const m of history) {
    if (m.role === 'user' && parseFunModeCommand(m.content) !== null) continue;
    if (m.role === 'assistant' && (m.content === '' || FUN_REPLIES.has(m.content))) continue;
    turns.push({ role: m.role, content: m.content });
  }
  return turns;
}
