import { describe, expect, it } from 'vitest';
import { isLoopbackAddress } from './loopback';

describe('isLoopbackAddress', () => {
  it('accepts only the loopback interface', () => {
    for (const a of ['127.0.0.1', '127.8.9.1', '::1', '::ffff:127.0.0.1'])
      expect(isLoopbackAddress(a)).toBe(true);
    for (const a of ['10.0.0.1', '192.168.1.5', '::ffff:10.0.0.1', 'fe80::1', '', undefined, 'localhost'])
      expect(isLoopbackAddress(a)).toBe(false);
  });
});
