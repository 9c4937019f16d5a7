import type { Message } from '@noek/contracts';

// A rendered message is about its header plus one text line per source line (a long line wraps at
// about 90 characters in the reading column); tables, lists and code keep to that within a few
// pixels (measured on the benchmark's replies). The virtualizer measures every row it renders; a close
// estimate only decides how many rows the first frame renders and how little the scroll corrects.
const HEADER_PX = 52;
const LINE_PX = 17;
const WRAP_CHARS = 90;

const cache = new WeakMap<Message, number>();

/** Estimated height in pixels of a message row before it is measured. */
export function estimateHeight(message: Message): number {
  let px = cache.get(message);
  if (px === undefined) {
    let lines = 0;
    for (const line of message.content.split('\n')) lines += Math.max(1, Math.ceil(line.length / WRAP_CHARS));
    px = HEADER_PX + LINE_PX * lines;
    cache.set(message, px);
  }
  return px;
}
