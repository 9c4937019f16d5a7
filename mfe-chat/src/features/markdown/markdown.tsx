import { memo, type ReactNode } from 'react';
import { CodeBlock } from './code-block';
import { parseMarkdown, type Block, type Inline } from './parse-markdown';

/**
 * Safe markdown: React elements built from the parsed tree, never innerHTML, so raw HTML, event
 * handlers and script URLs in user or model text are shown as text or dropped (decisions.md).
 */
export const Markdown = memo(function Markdown({ text }: { text: string }) {
  return <div className="chat-md">{parseMarkdown(text).map(renderBlock)}</div>;
});

function renderBlock(block: Block, key: number): ReactNode {
  switch (block.kind) {
    case 'paragraph':
      return <p key={key}>{renderInlines(block.children)}</p>;
    case 'heading': {
      const H = `h${Math.min(block.level + 2, 6)}` as 'h3';
      return <H key={key}>{renderInlines(block.children)}</H>;
    }
    case 'code':
      return <CodeBlock key={key} lang={block.lang} text={block.text} />;
    case 'list': {
      const items = block.items.map((item, i) => <li key={i}>{renderInlines(item)}</li>);
      return block.ordered ? (
        <ol key={key} start={block.start}>
          {items}
        </ol>
      ) : (
        <ul key={key}>{items}</ul>
      );
    }
    case 'quote':
      return <blockquote key={key}>{block.children.map(renderBlock)}</blockquote>;
    case 'rule':
      return <hr key={key} />;
  }
}

function renderInlines(inlines: Inline[]): ReactNode[] {
  return inlines.map((node, key) => {
    switch (node.kind) {
      case 'text':
        return node.text;
      case 'code':
        return <code key={key}>{node.text}</code>;
      case 'strong':
        return <strong key={key}>{renderInlines(node.children)}</strong>;
      case 'em':
        return <em key={key}>{renderInlines(node.children)}</em>;
      case 'del':
        return <del key={key}>{renderInlines(node.children)}</del>;
      case 'br':
        return <br key={key} />;
      case 'link':
        return (
          <a key={key} href={node.href} target="_blank" rel="noopener noreferrer nofollow">
            {renderInlines(node.children)}
          </a>
        );
    }
  });
}
