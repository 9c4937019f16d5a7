import { describe, expect, it } from 'vitest';
import { isApiPath, splitTarget } from './path-check';

describe('splitTarget', () => {
  it('splits path and query', () => {
    expect(splitTarget('/api/auth/login?next=%2Fchat')).toEqual({
      path: '/api/auth/login',
      query: '?next=%2Fchat',
    });
    expect(splitTarget('/')).toEqual({ path: '/', query: '' });
    expect(splitTarget('/main.c78dd41f.js')).toEqual({ path: '/main.c78dd41f.js', query: '' });
    expect(splitTarget('/chat/a%20b')).toEqual({ path: '/chat/a%20b', query: '' });
  });

  it.each([
    'http://evil.example/api',
    '*',
    '//evil.example/api',
    '/api/../x',
    '/api/./x',
    '/api/%2E%2e/x',
    '/api/%2e/x',
    '/api/a%2Fb',
    '/api/a%5Cb',
    '/api/a%00b',
    '/api/%E0%A4%A',
    '/api\\x',
    '',
  ])('refuses %j', (target) => {
    expect(splitTarget(target)).toBeUndefined();
  });

  it('does not look at the query for dot segments', () => {
    expect(splitTarget('/api/x?p=../..')).toEqual({ path: '/api/x', query: '?p=../..' });
  });
});

describe('isApiPath', () => {
  it.each([
    ['/api', true],
    ['/api/', true],
    ['/api/auth', true],
    ['/API/auth', true],
    ['/apis', false],
    ['/ap', false],
    ['/', false],
    ['/chat/api', false],
  ])('%s -> %s', (path, expected) => {
    expect(isApiPath(path)).toBe(expected);
  });
});
