/**
 * Issue 14 §5-§7: ceilings per account and per recipient, and answers that do not depend on
 * whether an account exists. The journeys' product runs with AUTH_RATE_LIMIT_SCALE=50, so the
 * per-address limits are far away and only the new ceilings can answer.
 */
import { describe, expect, it } from 'vitest';
import { newAccount } from '../support/accounts';
import { client, mailsTo, nextMail, signedIn, verifiedAccount } from './support';

describe('§5 password guessing per account', () => {
  it('slows guesses at one account whatever the address, mails the owner, and never locks the owner out', async () => {
    const a = await verifiedAccount('guess');
    // The owner signed in on this browser before the attack.
    const owner = await signedIn(a);
    expect((await owner.post('/api/auth/logout')).status).toBe(200);
    const mailsBefore = (await mailsTo(a.email)).length;

    const statuses: number[] = [];
    let retryAfter = 0;
    for (let i = 0; i < 40; i += 1) {
      const r = await client().post('/api/auth/login', { email: a.email, password: `guess-${i}` });
      statuses.push(r.status);
      if (r.status === 429) retryAfter = Number(r.headers.get('retry-after'));
    }
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(21);
    expect(statuses).toContain(429);
    // A delay, not a lockout: bounded to a minute.
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);

    // The owner's own browser is not slowed by the stranger's guesses.
    const back = await owner.post('/api/auth/login', { email: a.email, password: a.password });
    expect(back.status).toBe(200);
    // And the owner was told.
    const alert = await nextMail(a.email, mailsBefore);
    expect(alert).toContain('Failed sign-in attempts on your Noek account');
  });
});

describe('§6 mails per recipient', () => {
  it('many forgot-password requests for one address send a handful of mails, not one each', async () => {
    const a = await verifiedAccount('flood');
    const marker = await verifiedAccount('flood-marker');
    const before = (await mailsTo(a.email)).length;
    const markerBefore = (await mailsTo(marker.email)).length;
    for (let i = 0; i < 12; i += 1) {
      const r = await client().post('/api/auth/forgot-password', { email: a.email });
      expect(r.status).toBe(200);
    }
    // Each mail is the same work in the background, started in the order asked: once a mail asked for
    // after the flood has arrived, the flood's mails have had their turn.
    expect((await client().post('/api/auth/forgot-password', { email: marker.email })).status).toBe(200);
    await nextMail(marker.email, markerBefore);
    const sent = (await mailsTo(a.email)).length - before;
    expect(sent).toBeGreaterThan(0);
    expect(sent).toBeLessThanOrEqual(6);
  });
});

describe('§7 the answer does not tell whether the account exists', () => {
  const median = (xs: number[]) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)]!;

  async function timed(path: string, email: string): Promise<number> {
    const t = performance.now();
    const r = await client().post(path, { email });
    expect(r.status).toBe(200);
    return performance.now() - t;
  }

  it.each(['/api/auth/forgot-password', '/api/resend-verification'])(
    '%s answers an existing and an unknown account in the same time',
    async (path) => {
      // Unverified accounts are the ones resend mails; forgot mails any account.
      const existing = newAccount('timing');
      expect((await client().post('/api/auth/signup', existing)).status).toBe(201);
      const known: number[] = [];
      const unknown: number[] = [];
      // Interleaved pairs: a busy machine slows both answers of a pair alike.
      for (let i = 0; i < 21; i += 1) {
        // Alternating which goes first: the first of two back-to-back requests pays a little more.
        const nobody = `nobody-${i}-${Date.now()}@example.com`;
        if (i % 2 === 0) {
          known.push(await timed(path, existing.email));
          unknown.push(await timed(path, nobody));
        } else {
          unknown.push(await timed(path, nobody));
          known.push(await timed(path, existing.email));
        }
      }
      // Before: 14.5 ms against 6-8 ms (the account's work ran before the answer): the known account
      // was slower in every pair, by about its whole answer time. A leak is both: slower in nearly
      // every pair (on a loaded machine noise makes either slower, about half the time each) and by a
      // margin relative to the answer time (so noise on a slow machine is not read as one).
      const differences = known.map((k, i) => k - unknown[i]!);
      const knownSlower = differences.filter((d) => d > 0).length;
      const gap = median(differences);
      const seen = { knownSlower, pairs: differences.length, gap, unknownMedian: median(unknown) };
      const leaks = knownSlower >= 17 && gap >= Math.max(3, 0.25 * median(unknown));
      expect(leaks, JSON.stringify(seen)).toBe(false);
    },
  );
});
