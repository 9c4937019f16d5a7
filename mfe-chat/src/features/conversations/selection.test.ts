import { describe, expect, it } from 'vitest';
import { isSelectionFull, titleToSave, toggleSelection } from './selection';

describe('select mode', () => {
  it('stops at 10 and lets one be unselected again', () => {
    let s = new Set<number>();
    for (let id = 1; id <= 12; id++) s = toggleSelection(s, id);
    expect([...s]).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(isSelectionFull(s)).toBe(true);
    s = toggleSelection(s, 3);
    expect(s.size).toBe(9);
    expect(isSelectionFull(s)).toBe(false);
  });
});

describe('title edit', () => {
  it('saves trimmed non-empty changed titles only', () => {
    expect(titleToSave('  New name ', 'Old')).toBe('New name');
    expect(titleToSave('   ', 'Old')).toBeNull();
    expect(titleToSave('Old ', 'Old')).toBeNull();
  });
});
