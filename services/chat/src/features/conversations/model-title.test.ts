import { describe, expect, it } from 'vitest';
import { cleanTitle } from './model-title';
import { AUTO_TITLE_MAX } from './title-from-message';

describe("the model's title", () => {
  it('is one line without markdown or quotes', () => {
    expect(cleanTitle('"**Trip to Lisbon**."\nmore')).toBe('Trip to Lisbon');
    expect(cleanTitle('\n  # `Tides` explained  ')).toBe('Tides explained');
  });

  it('is never longer than 60 characters, and nothing when empty', () => {
    const long = cleanTitle('word '.repeat(40)) ?? '';
    expect(Array.from(long).length).toBeLessThanOrEqual(AUTO_TITLE_MAX);
    expect(long.endsWith('…')).toBe(true);
    expect(cleanTitle(' "" \n ** ')).toBeNull();
  });
});
