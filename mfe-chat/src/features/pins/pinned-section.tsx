import './pins.css';
import type { Pins } from './use-pins';

export interface PinnedSectionProps {
  pins: Pins;
  activeId: number | null;
  onOpen: (id: number) => void;
}

/** Pinned conversations above the list, top first, each with move up, move down and unpin. */
export function PinnedSection({ pins, activeId, onOpen }: PinnedSectionProps) {
  if (pins.pinned.length === 0) return null;
  const last = pins.pinned.length - 1;
  return (
    <section className="chat-pins" aria-label="Pinned conversations">
      <h2 className="chat-pins__heading noek-muted">Pinned</h2>
      <ul className="chat-conv-list">
        {pins.pinned.map((c, i) => (
          <li
            key={c.id}
            className={`chat-conv ${c.id === activeId ? 'chat-conv--active' : ''}`}
            data-testid="pinned-row"
            data-id={c.id}
          >
            <button type="button" className="chat-conv__open" onClick={() => onOpen(c.id)}>
              <span className="chat-conv__title">{c.title}</span>
            </button>
            <span className="chat-conv__actions chat-pins__actions">
              <button
                type="button"
                aria-label={`Move ${c.title} up`}
                title="Move up"
                disabled={i === 0}
                onClick={() => pins.move(c.id, -1)}
              >
                ↑
              </button>
              <button
                type="button"
                aria-label={`Move ${c.title} down`}
                title="Move down"
                disabled={i === last}
                onClick={() => pins.move(c.id, 1)}
              >
                ↓
              </button>
              <button
                type="button"
                aria-label={`Unpin ${c.title}`}
                title="Unpin"
                onClick={() => pins.unpin(c.id)}
              >
                ×
              </button>
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
