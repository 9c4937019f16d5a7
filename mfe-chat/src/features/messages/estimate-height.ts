import type { Message } from '@noek/contracts';

// A rendered message is about its header plus one text line per source line (a long line wraps at
// about 90 characters in the reading column); tables, lists and code keep to that within a few
// pixels (measured on the benchmark's replies). The virtualizer measures every row it renders; a close
// estimate only decides how many rows the first frame renders and how little the scroll corrects.
const HEADER_PX = 52;
const LINE_PX = 17;
const WRAP_CHARS = 90;

/**
 * Estimated height in pixels of a message row before it is measured. Every message of a conversation
 * is estimated when it opens (2,000 of them for a long one), so this finds the line breaks with the
 * engine's own search rather than splitting the text or caching per message.
 */
export function estimateHeight(message: Message): number {
  const text = message.content;
  let lines = 0;
  let from = 0;
  for (;;) {
    const end = text.indexOf('\n', from);
    const length = (end === -1 ? text.length : end) - from;
    lines += length > WRAP_CHARS ? Math.ceil(length / WRAP_CHARS) : 1;
    if (end === -1) return HEADER_PX + LINE_PX * lines;
    from = end + 1;
  }
}
