import { describe, expect, it } from 'vitest';
import { AUTO_TITLE_MAX, titleFromMessage } from './title-from-message';

describe('titleFromMessage', () => {
  it('uses the first non-empty line without markdown markers', () => {
    expect(titleFromMessage('\n\n## Help me   write **an email**\nsecond line')).toBe(
      'Help me write an email',
    );
  });
  it('cuts long text at a word boundary with an ellipsis', () => {
    const title = titleFromMessage('word '.repeat(40));
    expect(title.endsWith('…')).toBe(true);
    expect(Array.from(title).length).toBeLessThanOrEqual(AUTO_TITLE_MAX + 1);
    expect(title).not.toContain('  ');
  });
  it('falls back to the default title for blank text', () => {
    expect(titleFromMessage('  \n ``` ')).toBe('New Chat');
  });
  it('never splits a surrogate pair', () => {
    const title = titleFromMessage('😀'.repeat(100));
    expect(title).toBe(`${'😀'.repeat(AUTO_TITLE_MAX)}…`);
  });
});
