/**
 * A small markdown parser for chat text (user and model). It produces a tree that markdown.tsx turns
 * into React elements: text is only ever text, so raw HTML in the input is shown, never interpreted.
 * Supports what chat replies use: paragraphs, headings, fenced code (an unclosed fence while
 * streaming is still code), lists, quotes, rules, inline code, bold, italic, strike and links.
 */
export type Inline =
  | { kind: 'text'; text: string }
  | { kind: 'code'; text: string }
  | { kind: 'strong' | 'em' | 'del'; children: Inline[] }
  | { kind: 'link'; href: string; children: Inline[] }
  | { kind: 'br' };

export type Block =
  | { kind: 'paragraph'; children: Inline[] }
  | { kind: 'heading'; level: 1 | 2 | 3 | 4 | 5 | 6; children: Inline[] }
  | { kind: 'code'; lang: string; text: string }
  | { kind: 'list'; ordered: boolean; start: number; items: Inline[][] }
  | { kind: 'quote'; children: Block[] }
  | { kind: 'rule' };

const FENCE = /^\s{0,3}(`{3,}|~{3,})\s*([\w+#.-]*)/;
const HEADING = /^\s{0,3}(#{1,6})\s+(.*?)\s*#*\s*$/;
const BULLET = /^\s{0,3}[-*+]\s+(.*)$/;
const ORDERED = /^\s{0,3}(\d{1,9})[.)]\s+(.*)$/;
const RULE = /^\s{0,3}([-*_])(\s*\1){2,}\s*$/;
const QUOTE = /^\s{0,3}>\s?(.*)$/;

/** Only these link targets become links; anything else (javascript:, data:, vbscript:) stays text. */
export function safeHref(raw: string): string | null {
  const href = raw.trim();
  // Control characters and whitespace inside a scheme are a classic filter bypass ("java\tscript:").
  // eslint-disable-next-line no-control-regex -- matching control characters is the point here
  if (/[\u0000-\u001f\u007f]/.test(href)) return null;
  if (/^(https?:|mailto:)/i.test(href)) return href;
  if (/^(\/(?!\/)|#)/.test(href)) return href;
  return null;
}

export function parseMarkdown(source: string): Block[] {
  const lines = source.replace(/\r\n?/g, '\n').split('\n');
  return parseBlocks(lines);
}

function parseBlocks(lines: string[]): Block[] {
  const blocks: Block[] = [];
  let i = 0;
  while (i < lines.length) {
    const line = lines[i] ?? '';
    if (line.trim() === '') {
      i++;
      continue;
    }
    const fence = FENCE.exec(line);
    if (fence) {
      const marker = fence[1] ?? '```';
      const body: string[] = [];
      i++;
      while (i < lines.length && !(lines[i] ?? '').trim().startsWith(marker)) body.push(lines[i++] ?? '');
      i++; // the closing fence (or past the end while a reply is still streaming)
      blocks.push({ kind: 'code', lang: (fence[2] ?? '').toLowerCase(), text: body.join('\n') });
      continue;
    }
    const heading = HEADING.exec(line);
    if (heading) {
      const level = (heading[1] ?? '#').length as 1 | 2 | 3 | 4 | 5 | 6;
      blocks.push({ kind: 'heading', level, children: parseInline(heading[2] ?? '') });
      i++;
      continue;
    }
    if (RULE.test(line)) {
      blocks.push({ kind: 'rule' });
      i++;
      continue;
    }
    if (QUOTE.test(line)) {
      const inner: string[] = [];
      while (i < lines.length && QUOTE.test(lines[i] ?? ''))
        inner.push(QUOTE.exec(lines[i++] ?? '')?.[1] ?? '');
      blocks.push({ kind: 'quote', children: parseBlocks(inner) });
      continue;
    }
    if (BULLET.test(line) || ORDERED.test(line)) {
      i = parseList(lines, i, blocks);
      continue;
    }
    const para: string[] = [];
    while (i < lines.length && isParagraphLine(lines[i] ?? '')) para.push(lines[i++] ?? '');
    blocks.push({ kind: 'paragraph', children: joinLines(para) });
  }
  return blocks;
}

function isParagraphLine(line: string): boolean {
  return (
    line.trim() !== '' &&
    !FENCE.test(line) &&
    !HEADING.test(line) &&
    !RULE.test(line) &&
    !QUOTE.test(line) &&
    !BULLET.test(line) &&
    !ORDERED.test(line)
  );
}

function parseList(lines: string[], from: number, out: Block[]): number {
  const ordered = ORDERED.test(lines[from] ?? '');
  const pattern = ordered ? ORDERED : BULLET;
  const start = ordered ? Number(ORDERED.exec(lines[from] ?? '')?.[1] ?? 1) : 1;
  const items: string[][] = [];
  let i = from;
  while (i < lines.length) {
    const line = lines[i] ?? '';
    const m = pattern.exec(line);
    if (m) {
      items.push([(ordered ? m[2] : m[1]) ?? '']);
    } else if (/^\s{2,}\S/.test(line) && items.length > 0) {
      items.at(-1)?.push(line.trim()); // continuation of the item
    } else break;
    i++;
  }
  out.push({ kind: 'list', ordered, start, items: items.map(joinLines) });
  return i;
}

/** Lines of one paragraph: joined with explicit breaks, as chat text means its newlines. */
function joinLines(lines: string[]): Inline[] {
  const out: Inline[] = [];
  lines.forEach((l, n) => {
    if (n > 0) out.push({ kind: 'br' });
    out.push(...parseInline(l.trim()));
  });
  return out;
}

const INLINE_RULES: { re: RegExp; make: (m: RegExpExecArray) => Inline }[] = [
  {
    re: /^(`+)([\s\S]*?[^`])\1(?!`)/,
    make: (m) => ({ kind: 'code', text: (m[2] ?? '').trim() || (m[2] ?? '') }),
  },
  { re: /^\*\*(?=\S)([\s\S]*?\S)\*\*/, make: (m) => ({ kind: 'strong', children: parseInline(m[1] ?? '') }) },
  { re: /^__(?=\S)([\s\S]*?\S)__/, make: (m) => ({ kind: 'strong', children: parseInline(m[1] ?? '') }) },
  { re: /^~~(?=\S)([\s\S]*?\S)~~/, make: (m) => ({ kind: 'del', children: parseInline(m[1] ?? '') }) },
  {
    re: /^\*(?=[^\s*])([\s\S]*?[^\s*])\*(?!\*)/,
    make: (m) => ({ kind: 'em', children: parseInline(m[1] ?? '') }),
  },
  { re: /^_(?=\S)([\s\S]*?\S)_(?!\w)/, make: (m) => ({ kind: 'em', children: parseInline(m[1] ?? '') }) },
  {
    re: /^\[([^\]]*)\]\(\s*<?([^)\s>]*)>?(?:\s+"[^"]*")?\s*\)/,
    make: (m) => {
      const href = safeHref(m[2] ?? '');
      const children = parseInline(m[1] ?? '');
      // An unsafe target keeps its label as plain text: nothing clickable.
      return href ? { kind: 'link', href, children } : { kind: 'text', text: m[0] };
    },
  },
  {
    re: /^https?:\/\/[^\s<>()]+[^\s<>().,;:!?'"]/,
    make: (m) => ({ kind: 'link', href: m[0], children: [{ kind: 'text', text: m[0] }] }),
  },
];

export function parseInline(text: string): Inline[] {
  const out: Inline[] = [];
  let plain = '';
  let i = 0;
  const flush = () => {
    if (plain) out.push({ kind: 'text', text: plain });
    plain = '';
  };
  while (i < text.length) {
    const ch = text[i] ?? '';
    if (ch === '\\' && i + 1 < text.length && /[\\`*_{}[\]()#+\-.!~>]/.test(text[i + 1] ?? '')) {
      plain += text[i + 1];
      i += 2;
      continue;
    }
    if ('`*_~[h'.includes(ch)) {
      const rest = text.slice(i);
      const hit = INLINE_RULES.map((r) => ({ r, m: r.re.exec(rest) })).find((x) => x.m);
      if (hit?.m && (ch !== 'h' || /(^|[\s(])$/.test(text.slice(0, i)))) {
        flush();
        out.push(hit.r.make(hit.m));
        i += hit.m[0].length;
        continue;
      }
    }
    plain += ch;
    i++;
  }
  flush();
  return out;
}
