import { memo, useState, type ReactNode } from 'react';
import { copyText } from '../../clipboard/copy-text';
import { useCopiedFlag } from '../../clipboard/use-copied-flag';
import type { HNode, Segment } from './highlighter';
import { useHighlight } from './use-highlight';

/**
 * A fenced code block: language label, wrap toggle, copy button ('Copied!' for 2 s) and grammar-based
 * highlighting once highlight.js and the grammar have loaded (plain text until then).
 */
export function CodeBlock({ lang, text }: { lang: string; text: string }) {
  const [copied, setCopied] = useCopiedFlag();
  const [wrap, setWrap] = useState(false);
  const highlighted = useHighlight(lang, text);
  return (
    <div className={wrap ? 'chat-code chat-code--wrap' : 'chat-code'} data-lang={lang || undefined}>
      <div className="chat-code__bar">
        <span className="chat-code__lang">{lang || 'code'}</span>
        <span className="chat-code__actions">
          <button
            type="button"
            className="chat-code__btn"
            aria-pressed={wrap}
            onClick={() => setWrap((w) => !w)}
            title="Wrap long lines"
          >
            Wrap
          </button>
          <button
            type="button"
            className="chat-code__btn"
            onClick={() => void copyText(text).then((ok) => setCopied(ok))}
            aria-label="Copy code"
          >
            {copied ? 'Copied!' : 'Copy'}
          </button>
        </span>
      </div>
      <pre>
        <code className={highlighted ? 'hljs' : undefined}>
          {highlighted ? (
            <>
              {highlighted.frozen.map((s, i) => (
                <FrozenSegment key={i} segment={s} />
              ))}
              {renderNodes(highlighted.tail.nodes)}
            </>
          ) : (
            text
          )}
        </code>
      </pre>
    </div>
  );
}

/** Frozen segments keep their object identity while the block grows: React skips them. */
const FrozenSegment = memo(function FrozenSegment({ segment }: { segment: Segment }) {
  return <>{renderNodes(segment.nodes)}</>;
});

function renderNodes(nodes: HNode[]): ReactNode[] {
  return nodes.map((n, i) =>
    typeof n === 'string' ? (
      n
    ) : (
      <span key={i} className={scopeClass(n.scope)}>
        {renderNodes(n.children)}
      </span>
    ),
  );
}

/** highlight.js's class convention: 'title.function' → 'hljs-title function_'. */
function scopeClass(scope: string): string | undefined {
  if (!scope || scope.startsWith('language:')) return undefined;
  return scope
    .split('.')
    .map((part, i) => (i === 0 ? `hljs-${part}` : `${part}${'_'.repeat(i)}`))
    .join(' ');
}
