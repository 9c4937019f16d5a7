import { useId, useMemo } from 'react';
import { createIncrementalLexer } from './parse/lex-blocks';
import { assignHeadingLevels } from './render/heading-levels';
import { Block, FootnotePrefix } from './render/render-tokens';

export { warmUp } from './parse/lex-blocks';

/**
 * The markdown renderer proper (its own chunk: marked and the token renderer). Each top-level block is
 * a memoised component keyed by position; while a reply streams, lexIncremental hands back the same
 * token objects for the blocks that did not change, so only the last block or two re-render per token.
 */
export default function MarkdownView({ text }: { text: string }) {
  // One lexer per rendered message: it remembers the last text and its blocks (a cache, not state).
  const lex = useMemo(() => createIncrementalLexer(), []);
  const prefix = `fn${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  const blocks = useMemo(() => {
    const lexed = lex(text);
    assignHeadingLevels(lexed);
    return lexed;
  }, [lex, text]);
  return (
    <FootnotePrefix.Provider value={prefix}>
      <div className="chat-md">
        {blocks.map((token, i) => (
          <Block key={i} token={token} />
        ))}
      </div>
    </FootnotePrefix.Provider>
  );
}
