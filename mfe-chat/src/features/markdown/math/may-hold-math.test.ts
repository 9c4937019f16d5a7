import { describe, expect, it } from 'vitest';
import { mayHoldMath } from './math';

describe('mayHoldMath', () => {
  it.each([
    '$$x^2$$',
    'so $a+b$ holds',
    '\\[ \\frac{1}{2} \\]',
    'inline \\(x\\) too',
    'a\n$$\n\\sum_i i\n$$',
  ])('finds a formula in %j', (text) => expect(mayHoldMath(text)).toBe(true));

  it.each(['It costs $5 and $10.', 'plain words', '$ 5 and $', 'a lone $ sign'])('finds none in %j', (text) =>
    expect(mayHoldMath(text)).toBe(false),
  );
});
