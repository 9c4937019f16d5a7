import { useEffect, useState } from 'react';
import { COPY_RESET_MS } from '@noek/contracts';
import { copyText } from '../clipboard/copy-text';
import { highlight } from './highlight';

/** A highlighted code block with a copy button ('Copied!' for 2 s). */
export function CodeBlock({ lang, text }: { lang: string; text: string }) {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPY_RESET_MS);
    return () => clearTimeout(timer);
  }, [copied]);
  return (
    <div className="chat-code">
      <div className="chat-code__bar">
        <span>{lang || 'code'}</span>
        <button
          type="button"
          className="chat-code__copy"
          onClick={() => void copyText(text).then((ok) => setCopied(ok))}
          aria-label="Copy code"
        >
          {copied ? 'Copied!' : 'Copy'}
        </button>
      </div>
      <pre>
        <code>
          {highlight(text, lang).map((t, i) =>
            t.kind === 'plain' ? (
              t.text
            ) : (
              <span key={i} className={`tok-${t.kind}`}>
                {t.text}
              </span>
            ),
          )}
        </code>
      </pre>
    </div>
  );
}
