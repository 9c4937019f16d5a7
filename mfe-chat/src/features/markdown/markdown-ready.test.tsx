import { cleanup, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useMarkdownReady } from './markdown';
import { katexSettled } from './math/math';

afterEach(cleanup);

// The renderer's and KaTeX's chunks are real dynamic imports (KaTeX is large): on a loaded 2-core machine
// they take over waitFor's default second to evaluate.
const CHUNK_MS = { timeout: 10_000 };

describe('useMarkdownReady', () => {
  it('a conversation with a formula is ready only once KaTeX has arrived, and stays ready', async () => {
    const { result, rerender } = renderHook(({ math }) => useMarkdownReady(math), {
      initialProps: { math: false },
    });
    await waitFor(() => expect(result.current).toBe(true), CHUNK_MS); // the renderer's chunk
    expect(katexSettled()).toBe(false); // nothing asked for KaTeX yet
    rerender({ math: true });
    expect(result.current).toBe(false); // a formula may be shown: wait for KaTeX
    await waitFor(() => expect(result.current).toBe(true), CHUNK_MS);
    expect(katexSettled()).toBe(true);
    rerender({ math: false });
    expect(result.current).toBe(true);
  });
});
