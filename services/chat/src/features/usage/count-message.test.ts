import { describe, expect, it } from 'vitest';
import { MAX_COUNT_ATTEMPTS, SEND_CONTENDED, STALE, untilSettled } from './count-message';

describe('untilSettled, the compare-and-set loop of counted writes', () => {
  it('answers the first write that lands, deciding each attempt on the state read before it', async () => {
    const seen: number[] = [];
    const result = await untilSettled(
      1,
      async (state) => {
        seen.push(state);
        return state < 3 ? STALE : `written on read ${state}`;
      },
      async (state) => state + 1,
    );
    expect(result).toBe('written on read 3');
    expect(seen).toEqual([1, 2, 3]);
  });

  it(`gives up with 409 SEND_CONTENDED after ${MAX_COUNT_ATTEMPTS} attempts that all found the row changed`, async () => {
    let attempts = 0;
    const run = untilSettled(
      0,
      async () => {
        attempts += 1;
        return STALE;
      },
      async (state) => state,
    );
    await expect(run).rejects.toMatchObject({ status: 409, code: 'SEND_CONTENDED', message: SEND_CONTENDED });
    expect(attempts).toBe(MAX_COUNT_ATTEMPTS);
  });

  it('stops at a refusal the fresh read brings (a block, a revocation)', async () => {
    const refused = new Error('blocked');
    const run = untilSettled(
      0,
      async () => STALE,
      async () => {
        throw refused;
      },
    );
    await expect(run).rejects.toBe(refused);
  });
});
