/**
 * True when `text` holds a NUL, a control byte (HTAB aside) or DEL: never in a head the gateway passes on,
 * either way (nginx refuses such requests with 400 and such answers with 502).
 */
export function hasControlByte(text: string): boolean {
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    if ((c < 0x20 && c !== 0x09) || c === 0x7f) return true;
  }
  return false;
}
