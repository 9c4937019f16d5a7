import { describe, expect, it } from 'vitest';
import { accessTokenFromHeaders } from './token-from-headers';

describe('accessTokenFromHeaders', () => {
  it('prefers a Bearer header', () => {
    expect(accessTokenFromHeaders({ authorization: 'Bearer abc.def', cookie: 'noek_access=xyz' })).toBe(
      'abc.def',
    );
  });

  it('reads the noek_access cookie among others', () => {
    expect(accessTokenFromHeaders({ cookie: 'theme=dark; noek_access=a.b.c; noek_refresh=r' })).toBe('a.b.c');
  });

  it('finds nothing in an empty Bearer, a missing cookie, a look-alike name or a broken escape', () => {
    expect(accessTokenFromHeaders({ authorization: 'Bearer ' })).toBeUndefined();
    expect(accessTokenFromHeaders({ cookie: 'other=1' })).toBeUndefined();
    expect(accessTokenFromHeaders({ cookie: 'xnoek_access=1' })).toBeUndefined();
    expect(accessTokenFromHeaders({ cookie: 'noek_access=%E0%A4%A' })).toBeUndefined();
    expect(accessTokenFromHeaders({})).toBeUndefined();
  });
});
