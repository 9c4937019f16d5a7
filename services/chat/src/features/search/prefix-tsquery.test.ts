import { describe, expect, it } from 'vitest';
import { MAX_QUERY_WORDS, toPrefixTsquery } from './prefix-tsquery';

describe('toPrefixTsquery', () => {
  it('makes every word a required prefix', () => {
    expect(toPrefixTsquery('  trip  Plan ')).toBe("'trip':* & 'Plan':*");
  });
  it('treats operators, quotes and backslashes as separators', () => {
    expect(toPrefixTsquery(`a&b|c !d (e) f:* <-> 'g' "h" \\i`)).toBe(
      ["'a':*", "'b':*", "'c':*", "'d':*", "'e':*", "'f':*", "'-':*", "'g':*", "'h':*", "'i':*"].join(' & '),
    );
  });
  it('answers null when no word is left', () => {
    for (const q of ['', '   ', '&|!', "''", '()<>:*']) expect(toPrefixTsquery(q)).toBeNull();
  });
  it('keeps any script and caps the number of words', () => {
    expect(toPrefixTsquery('Привет 世界 🎉')).toBe("'Привет':* & '世界':* & '🎉':*");
    const many = Array.from({ length: 40 }, (_, i) => `w${i}`).join(' ');
    expect(toPrefixTsquery(many)?.split(' & ')).toHaveLength(MAX_QUERY_WORDS);
  });
});
