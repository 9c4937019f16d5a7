import type { SearchResult } from '@noek/contracts';
import { HighlightedText } from './highlighted-text';

export interface SearchResultsProps {
  results: SearchResult[];
  pending: boolean;
  error: boolean;
  /** Keyboard selection (the palette); -1 for none. */
  activeIndex?: number;
  onOpen: (result: SearchResult) => void;
  idPrefix: string;
}

/** Matching conversations, best first: title, the matching message's snippet, an archived tag. */
export function SearchResults({
  results,
  pending,
  error,
  activeIndex = -1,
  onOpen,
  idPrefix,
}: SearchResultsProps) {
  if (error)
    return (
      <p className="chat-error" role="alert">
        Search failed
      </p>
    );
  if (results.length === 0)
    return <p className="noek-muted chat-search__empty">{pending ? 'Searching…' : 'No matches'}</p>;
  return (
    <ul
      className="chat-search__results"
      role="listbox"
      aria-label="Search results"
      data-testid="search-results"
    >
      {results.map((r, i) => (
        <li
          key={r.conversationId}
          id={`${idPrefix}-${i}`}
          role="option"
          aria-selected={i === activeIndex}
          className={`chat-search__result ${i === activeIndex ? 'chat-search__result--active' : ''}`}
          onMouseDown={(e) => e.preventDefault()}
          onClick={() => onOpen(r)}
        >
          <span className="chat-search__title">
            <HighlightedText text={r.titleHighlight} />
            {r.archived && <span className="chat-search__tag">Archived</span>}
          </span>
          {r.snippet && (
            <span className="chat-search__snippet noek-muted">
              <HighlightedText text={r.snippet} />
            </span>
          )}
        </li>
      ))}
    </ul>
  );
}
