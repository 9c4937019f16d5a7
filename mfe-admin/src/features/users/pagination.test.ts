import { describe, expect, it } from 'vitest';
import { pageItems } from './pagination';

describe('pageItems', () => {
  it('shows first, last and two either side, with ellipses for the gaps', () => {
    expect(pageItems(1, 1)).toEqual([1]);
    expect(pageItems(1, 10)).toEqual([1, 2, 3, 'ellipsis', 10]);
    expect(pageItems(6, 12)).toEqual([1, 'ellipsis', 4, 5, 6, 7, 8, 'ellipsis', 12]);
    expect(pageItems(4, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(pageItems(3334, 3334)).toEqual([1, 'ellipsis', 3332, 3333, 3334]);
  });
});
