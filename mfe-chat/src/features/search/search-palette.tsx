import { useEffect, useRef, useState } from 'react';
import { Dialog } from '@noek/ui';
import { useOpenResult } from './open-result';
import { SearchResults } from './search-results';
import { useSearch } from './use-search';

/** Ctrl+K or ⌘K, from anywhere in the chat screen. */
function isPaletteKey(e: KeyboardEvent): boolean {
  return (e.ctrlKey || e.metaKey) && !e.altKey && !e.shiftKey && e.key.toLowerCase() === 'k';
}

function Palette({ onClose, onOpen }: { onClose: () => void; onOpen: (conversationId: number) => void }) {
  const input = useRef<HTMLInputElement>(null);
  const [text, setText] = useState('');
  const [archived, setArchived] = useState(false);
  const [active, setActive] = useState(0);
  const { results, query, pending } = useSearch(text, archived);
  const openResult = useOpenResult(onOpen);
  // Results change under the selection while typing: keep it in range rather than reset it in an effect.
  const current = Math.max(0, Math.min(active, results.length - 1));
  const open = (i: number) => {
    const r = results[i];
    if (!r) return;
    onClose();
    void openResult(r);
  };
  return (
    <Dialog
      title="Search conversations"
      hideTitle
      onClose={onClose}
      initialFocus={input}
      className="chat-palette"
    >
      <input
        ref={input}
        type="search"
        className="chat-search__input"
        placeholder="Search conversations"
        aria-label="Search conversations"
        role="combobox"
        aria-expanded={results.length > 0}
        aria-controls="palette-results"
        aria-activedescendant={results.length ? `palette-${current}` : undefined}
        value={text}
        onChange={(e) => (setText(e.target.value), setActive(0))}
        onKeyDown={(e) => {
          const moves: Record<string, () => void> = {
            ArrowDown: () => setActive(Math.min(current + 1, results.length - 1)),
            ArrowUp: () => setActive(Math.max(current - 1, 0)),
            Enter: () => open(current),
          };
          const move = moves[e.key];
          if (!move) return;
          e.preventDefault();
          move();
        }}
      />
      <label className="chat-search__archived noek-muted">
        <input type="checkbox" checked={archived} onChange={(e) => setArchived(e.target.checked)} /> Include
        archived
      </label>
      <div id="palette-results">
        {text.trim() && (
          <SearchResults
            results={results}
            pending={pending}
            error={query.isError}
            activeIndex={current}
            idPrefix="palette"
            onOpen={(r) => open(results.indexOf(r))}
          />
        )}
      </div>
    </Dialog>
  );
}

/** The search palette, opened with Ctrl+K / ⌘K; a result opens its conversation at the matching message. */
export function SearchPalette({ onOpen }: { onOpen: (conversationId: number) => void }) {
  const [open, setOpen] = useState(false);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!isPaletteKey(e)) return;
      e.preventDefault();
      setOpen((o) => !o);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
  return open ? <Palette onClose={() => setOpen(false)} onOpen={onOpen} /> : null;
}
