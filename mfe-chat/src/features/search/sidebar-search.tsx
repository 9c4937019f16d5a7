import './search.css';
import { useState } from 'react';
import { useOpenResult } from './open-result';
import { SearchResults } from './search-results';
import { useSearch } from './use-search';

export interface SidebarSearchProps {
  onOpen: (conversationId: number) => void;
  /** Whether results are showing (the sidebar then hides its list). */
  onActiveChange: (active: boolean) => void;
}

/** The sidebar's search box: while it holds text, matching conversations replace the list. */
export function SidebarSearch({ onOpen, onActiveChange }: SidebarSearchProps) {
  const [text, setText] = useState('');
  const [archived, setArchived] = useState(false);
  const { results, query, pending } = useSearch(text, archived);
  const openResult = useOpenResult(onOpen);
  const update = (next: string) => {
    setText(next);
    onActiveChange(next.trim().length > 0);
  };
  return (
    <div className={`chat-search ${text.trim() ? 'chat-search--active' : ''}`} role="search">
      <input
        type="search"
        className="chat-search__input"
        placeholder="Search conversations"
        aria-label="Search conversations"
        value={text}
        onChange={(e) => update(e.target.value)}
        onKeyDown={(e) => e.key === 'Escape' && update('')}
      />
      {text.trim() && (
        <>
          <label className="chat-search__archived noek-muted">
            <input type="checkbox" checked={archived} onChange={(e) => setArchived(e.target.checked)} />{' '}
            Include archived
          </label>
          <SearchResults
            results={results}
            pending={pending}
            error={query.isError}
            idPrefix="sidebar-search"
            onOpen={(r) => void openResult(r)}
          />
        </>
      )}
    </div>
  );
}
