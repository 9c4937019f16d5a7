import { describe, expect, it } from 'vitest';
import { ApiError, apiError, apiErrorMessage, serverMessageOr } from './api-error';

describe('apiError', () => {
  it('formats status, colon, space, then the body', () => {
    expect(apiErrorMessage(404, 'Not here', 'Not Found')).toBe('404: Not here');
    expect(apiError(500, 'boom').message).toBe('500: boom');
  });
  it('falls back to the status text when the body is empty', () => {
    expect(apiErrorMessage(502, '', 'Bad Gateway')).toBe('502: Bad Gateway');
  });
  it('parses our error envelope when present', () => {
    const err = apiError(409, JSON.stringify({ code: 'CONFLICT', message: 'Email taken' }));
    expect(err).toBeInstanceOf(ApiError);
    expect(err.status).toBe(409);
    expect(err.body).toEqual({ code: 'CONFLICT', message: 'Email taken' });
    expect(serverMessageOr(err, 'Signup failed')).toBe('Email taken');
  });
  it('leaves body null for text or foreign JSON', () => {
    expect(apiError(500, '<html>').body).toBeNull();
    expect(apiError(500, '{"error":1}').body).toBeNull();
    expect(serverMessageOr(apiError(500, 'x'), 'Signup failed')).toBe('Signup failed');
    expect(serverMessageOr(new TypeError('network'), 'Try again')).toBe('Try again');
  });
});
