import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { NotFoundPage } from './not-found-page';

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

function renderAt(entries: string[]) {
  return render(
    <MemoryRouter initialEntries={entries} initialIndex={entries.length - 1}>
      <Routes>
        <Route path="/" element={<Where />} />
        <Route path="/subscribe" element={<Where />} />
        <Route path="*" element={<NotFoundPage />} />
      </Routes>
    </MemoryRouter>,
  );
}

afterEach(cleanup);

describe('NotFoundPage', () => {
  it('shows an error title and the two buttons of spec §2', () => {
    renderAt(['/nowhere']);
    expect(screen.getByRole('heading').textContent).toMatch(/404/);
    expect(screen.getByRole('button', { name: 'Return to Chat' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Go Back' })).toBeTruthy();
  });

  it("'Return to Chat' goes to /", () => {
    renderAt(['/subscribe', '/nowhere']);
    fireEvent.click(screen.getByRole('button', { name: 'Return to Chat' }));
    expect(screen.getByTestId('where').textContent).toBe('/');
  });

  it("'Go Back' returns to the previous page", () => {
    renderAt(['/subscribe', '/nowhere']);
    fireEvent.click(screen.getByRole('button', { name: 'Go Back' }));
    expect(screen.getByTestId('where').textContent).toBe('/subscribe');
  });
});
