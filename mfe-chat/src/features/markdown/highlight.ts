/**
 * Tiny syntax highlighter for code blocks: comments, strings, numbers and keywords of the languages
 * chat replies use most. Returns tokens (rendered as text in spans), never HTML.
 */
export type TokenKind = 'comment' | 'string' | 'number' | 'keyword' | 'plain';
export interface Token {
  kind: TokenKind;
  text: string;
}

const KEYWORDS = new Set(
  (
    'abstract as async await break case catch class const continue def default defer del delete do elif else enum ' +
    'export extends false final finally fn for from func function go if impl implements import in instanceof interface ' +
    'is lambda let match mod module mut namespace new nil none null package pass private protected pub public raise ' +
    'return self static struct super switch this throw throws true try type typeof use var void where while with yield ' +
    'True False None echo fi then esac done int float str bool string number boolean char long double unsigned'
  ).split(' '),
);

const HASH_COMMENT_LANGS = new Set([
  'py',
  'python',
  'sh',
  'bash',
  'shell',
  'zsh',
  'rb',
  'ruby',
  'yaml',
  'yml',
  'toml',
  'r',
  'perl',
  'dockerfile',
  'makefile',
]);

export function highlight(code: string, lang: string): Token[] {
  const hashComments = HASH_COMMENT_LANGS.has(lang);
  const patterns: [TokenKind, RegExp][] = [
    ['comment', hashComments ? /^#[^\n]*/ : /^(\/\/[^\n]*|\/\*[\s\S]*?(\*\/|$))/],
    ['string', /^("(?:[^"\\\n]|\\.)*"?|'(?:[^'\\\n]|\\.)*'?|`(?:[^`\\]|\\.)*`?)/],
    ['number', /^(0x[\da-f]+|\d+(\.\d+)?(e[+-]?\d+)?)\b/i],
    ['keyword', /^[A-Za-z_]\w*/],
  ];
  const tokens: Token[] = [];
  const push = (kind: TokenKind, text: string) => {
    const last = tokens.at(-1);
    if (last && last.kind === kind) last.text += text;
    else tokens.push({ kind, text });
  };
  let i = 0;
  while (i < code.length) {
    const rest = code.slice(i);
    let matched = false;
    for (const [kind, re] of patterns) {
      const m = re.exec(rest);
      if (!m || m[0].length === 0) continue;
      const text = m[0];
      push(kind === 'keyword' && !KEYWORDS.has(text) ? 'plain' : kind, text);
      i += text.length;
      matched = true;
      break;
    }
    if (!matched) {
      push('plain', code[i] ?? '');
      i++;
    }
  }
  return tokens;
}
