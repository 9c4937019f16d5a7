import { describe, expect, it } from 'vitest';
import { funModeReply, parseFunModeCommand } from './fun-mode';

describe('parseFunModeCommand', () => {
  it('recognises the two commands, spaces and case aside', () => {
    expect(parseFunModeCommand(':fun.mode=on')).toBe(true);
    expect(parseFunModeCommand('  :FUN.MODE=OFF \n')).toBe(false);
  });
  it('treats anything else as an ordinary message', () => {
    for (const text of ['fun.mode=on', ':fun.mode=on please', ':fun.mode=', 'hello']) {
      expect(parseFunModeCommand(text)).toBeNull();
    }
  });
  it('acknowledges both directions differently', () => {
    expect(funModeReply(true)).toContain('Fun Mode is on');
    expect(funModeReply(false)).toContain('Fun Mode is off');
  });
});
