import { DEFAULT_CONVERSATION_TITLE } from '@noek/contracts';

export const AUTO_TITLE_MAX = 60;

/**
 * A new conversation's title from its first message: the first non-empty line, markdown markers and
 * extra spaces dropped, cut at a word boundary near AUTO_TITLE_MAX characters with an ellipsis.
 */
export function titleFromMessage(content: string): string {
  const line = content
    .split('\n')
    .map((l) =>
      l
        .replace(/^[#>*\-\s`]+/, '')
        .replace(/[`*_]+/g, '')
        .replace(/\s+/g, ' ')
        .trim(),
    )
    .find((l) => l.length > 0);
  if (!line) return DEFAULT_CONVERSATION_TITLE;
  const chars = Array.from(line);
  if (chars.length <= AUTO_TITLE_MAX) return line;
  const cut = chars.slice(0, AUTO_TITLE_MAX).join('');
  const space = cut.lastIndexOf(' ');
  return `${(space > AUTO_TITLE_MAX / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}
