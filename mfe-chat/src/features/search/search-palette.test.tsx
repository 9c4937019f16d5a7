import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@noek/ui/query';
import { SearchPalette } from './search-palette';

afterEach(cleanup);

function renderPalette() {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <button type="button">Before</button>
      <SearchPalette onOpen={vi.fn()} />
    </QueryClientProvider>,
  );
}

describe('the search palette', () => {
  it('opens with Ctrl+K as a modal dialog named for search, focus in its search box; Escape closes it', () => {
    renderPalette();
    expect(screen.queryByRole('dialog')).toBeNull();
    fireEvent.keyDown(window, { key: 'k', ctrlKey: true });
    const dialog = screen.getByRole('dialog', { name: 'Search conversations' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(document.activeElement).toBe(screen.getByRole('combobox', { name: 'Search conversations' }));
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('⌘K toggles it too, and a click on the backdrop closes it', () => {
    renderPalette();
    fireEvent.keyDown(window, { key: 'K', metaKey: true });
    const dialog = screen.getByRole('dialog');
    fireEvent.click(dialog.parentElement!);
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
