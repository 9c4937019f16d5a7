import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PaginationBar } from './pagination-bar';

afterEach(cleanup);

const button = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;

describe('pagination bar', () => {
  it('is not shown for a single page', () => {
    render(<PaginationBar page={1} totalPages={1} onPage={vi.fn()} />);
    expect(screen.queryByRole('navigation')).toBeNull();
  });

  it('marks the current page, and Previous is off on the first page', () => {
    const onPage = vi.fn();
    render(<PaginationBar page={1} totalPages={3} onPage={onPage} />);
    expect(screen.getByRole('navigation', { name: 'Pagination' })).toBeTruthy();
    expect(button('1').getAttribute('aria-current')).toBe('page');
    expect(button('2').getAttribute('aria-current')).toBeNull();
    expect(button('Previous').disabled).toBe(true);
    fireEvent.click(button('Next'));
    fireEvent.click(button('3'));
    expect(onPage.mock.calls).toEqual([[2], [3]]);
  });

  it('Next is off on the last page; far pages are behind an ellipsis', () => {
    const onPage = vi.fn();
    render(<PaginationBar page={10} totalPages={10} onPage={onPage} />);
    expect(button('Next').disabled).toBe(true);
    expect(screen.getAllByText('…')).toHaveLength(1);
    expect(screen.queryByRole('button', { name: '5' })).toBeNull();
    fireEvent.click(button('Previous'));
    expect(onPage).toHaveBeenCalledWith(9);
  });
});
