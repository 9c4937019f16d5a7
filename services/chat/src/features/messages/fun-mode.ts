/** Spec §4: the special messages that switch fun mode; they are commands, never sent to the model. */
export const FUN_MODE_ON = ':fun.mode=on';
export const FUN_MODE_OFF = ':fun.mode=off';

/** true/false for a fun-mode command (surrounding spaces ignored), null for an ordinary message. */
export function parseFunModeCommand(content: string): boolean | null {
  const text = content.trim().toLowerCase();
  if (text === FUN_MODE_ON) return true;
  if (text === FUN_MODE_OFF) return false;
  return null;
}

/** The assistant's stored acknowledgement of a fun-mode command (written locally, no model call). */
export function funModeReply(on: boolean): string {
  return on
    ? 'Fun Mode is on! 🎉 Expect a more playful me from now on. Send `:fun.mode=off` to switch it off.'
    : 'Fun Mode is off. Back to business. Send `:fun.mode=on` to switch it on again.';
}

/** The persona added to the model's system prompt while fun mode is on. */
export const FUN_MODE_PERSONA =
  'Fun mode is on: answer with a playful, upbeat tone, light humour and the odd emoji, ' +
  'while keeping every answer correct and useful.';
