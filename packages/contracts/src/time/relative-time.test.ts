import { describe, expect, it } from 'vitest';
import { relativeTimeLabel } from './relative-time';

const now = new Date('2026-05-10T12:00:00Z');
const ago = (ms: number) => new Date(now.getTime() - ms);
const H = 3_600_000;

describe('relativeTimeLabel', () => {
  it.each([
    [0, 'Just now'],
    [H - 1, 'Just now'],
    [H, '1 hour ago'],
    [2 * H, '2 hours ago'],
    [24 * H - 1, '23 hours ago'],
    [24 * H, 'Yesterday'],
    [48 * H - 1, 'Yesterday'],
    [48 * H, '2 days ago'],
    [30 * 24 * H + 5 * H, '30 days ago'],
  ])('%i ms ago reads %s', (ms, label) => {
    expect(relativeTimeLabel(ago(ms), now)).toBe(label);
  });
  it('accepts ISO strings and epoch numbers', () => {
    expect(relativeTimeLabel('2026-05-10T09:00:00Z', now)).toBe('3 hours ago');
    expect(relativeTimeLabel(ago(5 * H).getTime(), now.getTime())).toBe('5 hours ago');
  });
  it('reads future times as Just now and bad dates as empty', () => {
    expect(relativeTimeLabel(new Date(now.getTime() + 10 * H), now)).toBe('Just now');
    expect(relativeTimeLabel('not a date', now)).toBe('');
  });
});
