import { createContext, memo, useContext, type ReactNode } from 'react';
import type { Token, Tokens } from 'marked';
import type { Footnote, FootnoteRef, Footnotes } from 'marked-footnote';
import { CodeBlock } from '../code/code-block';
import { MathFormula } from '../math/math';
import type { MathToken } from '../math/math-extension';
import { decodeEntities } from './entities';
import { headingLevel } from './heading-levels';
import { ImageLink } from './image-link';
import { safeHref } from './safe-href';

/**
 * marked tokens → React elements. Every string from the source ends up as a text node; raw HTML
 * (block or inline) is shown as the text it is. Links pass the allow-list (safe-href.ts) or stay text.
 */

/** A per-message prefix, so footnote ids do not clash between messages on one page. */
export const FootnotePrefix = createContext('fn');

/** One top-level block, memoised on its token: a finished block keeps its token and is skipped. */
export const Block = memo(function Block({ token }: { token: Token }) {
  return renderBlock(token, 0);
});

function renderBlocks(tokens: Token[]): ReactNode[] {
  return tokens.map(renderBlock);
}

function renderBlock(token: Token, key: number): ReactNode {
  const t = token as Tokens.Generic;
  switch (token.type) {
    case 'space':
    case 'def':
      return null;
    case 'paragraph':
      return <p key={key}>{renderInline(t.tokens)}</p>;
    case 'heading': {
      const H = `h${headingLevel(token as Tokens.Heading)}` as 'h2';
      return <H key={key}>{renderInline(t.tokens)}</H>;
    }
    case 'code':
      return <CodeBlock key={key} lang={firstWord(t.lang as string | undefined)} text={t.text} />;
    case 'table':
      return <Table key={key} table={token as Tokens.Table} />;
    case 'list':
      return renderList(token as Tokens.List, key);
    case 'blockquote':
      return <blockquote key={key}>{renderBlocks(t.tokens ?? [])}</blockquote>;
    case 'hr':
      return <hr key={key} />;
    case 'html':
      return (
        <p key={key} className="chat-md__raw">
          {t.raw.replace(/\n+$/, '')}
        </p>
      );
    case 'text':
      return <p key={key}>{t.tokens ? renderInline(t.tokens) : decodeEntities(t.text)}</p>;
    case 'math':
      return (
        <div key={key} className="chat-md__math">
          <MathFormula tex={(token as MathToken).text} display />
        </div>
      );
    case 'flatBlock':
      // Past the nesting limit (parse/nesting-limit.ts): the rest of the container, as typed.
      return (
        <p key={key} className="chat-md__flat" data-testid="markdown-flat">
          {t.text}
        </p>
      );
    case 'footnote':
      return null; // listed by the footnotes block, in reference order
    case 'footnotes':
      return <FootnoteList key={key} token={token as unknown as Footnotes} />;
    default:
      return t.raw ? <p key={key}>{t.raw}</p> : null;
  }
}

const firstWord = (lang: string | undefined) => (lang ?? '').trim().split(/\s+/)[0] ?? '';

function Table({ table }: { table: Tokens.Table }) {
  const align = (i: number) => {
    const a = table.align[i];
    return a ? `align-${a}` : undefined;
  };
  return (
    <div className="chat-md__table" role="region" aria-label="Table" tabIndex={0}>
      <table>
        <thead>
          <tr>
            {table.header.map((cell, i) => (
              <th key={i} className={align(i)}>
                {renderInline(cell.tokens)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {table.rows.map((row, r) => (
            <tr key={r}>
              {row.map((cell, i) => (
                <td key={i} className={align(i)}>
                  {renderInline(cell.tokens)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function renderList(list: Tokens.List, key: number): ReactNode {
  const items = list.items.map((item, i) => (
    <li key={i} className={item.task ? 'chat-md__task' : undefined}>
      {item.task ? (
        <input type="checkbox" checked={item.checked ?? false} disabled readOnly aria-label="Task" />
      ) : null}
      {item.tokens.map((child, j) =>
        // Tight list items hold bare text blocks: inline content, no paragraph margins.
        child.type === 'text' && !list.loose ? (
          <span key={j}>{renderInline((child as Tokens.Text).tokens ?? [child])}</span>
        ) : child.type === 'checkbox' ? null : (
          renderBlock(child, j)
        ),
      )}
    </li>
  ));
  const start = typeof list.start === 'number' && list.start !== 1 ? list.start : undefined;
  return list.ordered ? (
    <ol key={key} start={start}>
      {items}
    </ol>
  ) : (
    <ul key={key} className={list.items.some((i) => i.task) ? 'chat-md__tasks' : undefined}>
      {items}
    </ul>
  );
}

function renderInline(tokens: Token[] | undefined): ReactNode[] {
  return (tokens ?? []).map(renderInlineToken);
}

function renderInlineToken(token: Token, key: number): ReactNode {
  const t = token as Tokens.Generic;
  switch (token.type) {
    case 'text':
      return t.tokens ? <span key={key}>{renderInline(t.tokens)}</span> : decodeEntities(t.text);
    case 'escape':
      return t.text;
    case 'strong':
      return <strong key={key}>{renderInline(t.tokens)}</strong>;
    case 'em':
      return <em key={key}>{renderInline(t.tokens)}</em>;
    case 'del':
      return <del key={key}>{renderInline(t.tokens)}</del>;
    case 'codespan':
      return <code key={key}>{t.text}</code>;
    case 'br':
      return <br key={key} />;
    case 'html':
      return t.raw; // raw HTML is shown, never interpreted
    case 'link': {
      const href = safeHref(decodeEntities(t.href as string));
      if (!href) return t.raw; // an unsafe target: its markdown as text, nothing clickable
      const local = href.startsWith('#') || href.startsWith('/');
      return (
        <a
          key={key}
          href={href}
          {...(local ? {} : { target: '_blank', rel: 'noopener noreferrer nofollow' })}
          title={(t.title as string | null) ?? undefined}
        >
          {renderInline(t.tokens)}
        </a>
      );
    }
    case 'image':
      return <ImageLink key={key} src={decodeEntities(t.href as string)} alt={decodeEntities(t.text)} />;
    case 'math':
      return <MathFormula key={key} tex={(token as MathToken).text} display={(token as MathToken).display} />;
    case 'footnoteRef':
      return <FootnoteRefLink key={key} token={token as unknown as FootnoteRef} />;
    case 'checkbox':
      return null;
    default:
      return t.raw;
  }
}

function FootnoteRefLink({ token }: { token: FootnoteRef }) {
  const prefix = useContext(FootnotePrefix);
  const label = encodeURIComponent(token.label);
  const suffix = token.index > 0 ? `-${token.index + 1}` : '';
  return (
    <sup className="chat-md__fnref">
      <a id={`${prefix}ref-${label}${suffix}`} href={`#${prefix}-${label}`}>
        {token.id}
      </a>
    </sup>
  );
}

function FootnoteList({ token }: { token: Footnotes }) {
  const prefix = useContext(FootnotePrefix);
  return (
    <section className="chat-md__footnotes" aria-label="Footnotes">
      <ol>
        {token.items.map((item: Footnote) => {
          const label = encodeURIComponent(item.label);
          return (
            <li key={item.label} id={`${prefix}-${label}`}>
              {renderBlocks(item.content)}
              {item.refs.map((_, i) => (
                <a
                  key={i}
                  className="chat-md__backref"
                  href={`#${prefix}ref-${label}${i > 0 ? `-${i + 1}` : ''}`}
                  aria-label={`Back to reference ${item.label}`}
                >
                  ↩
                </a>
              ))}
            </li>
          );
        })}
      </ol>
    </section>
  );
}
