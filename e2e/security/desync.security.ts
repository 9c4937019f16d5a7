/**
 * Issue 23: cross-user request smuggling, on the product as shipped. User A sends the request of the
 * report (a Connection header naming Content-Length, a body that is the start of another request); user
 * B's requests, which follow at once over the gateway's pooled connections to auth, must get B's own
 * answers, and neither A's sign-out nor a smuggled sign-out-everywhere may happen.
 */
import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import { authSettingsResponseSchema } from '@noek/contracts';
import { baseUrl, signedIn, verifiedAccount } from './support';

/** Writes `bytes` on a new connection (a test client, byte for byte); what came back once it closed. */
function rawExchange(bytes: string): Promise<string> {
  const { hostname, port } = new URL(baseUrl());
  return new Promise((resolve, reject) => {
    const s = connect(Number(port), hostname, () => s.write(bytes));
    let got = '';
    s.on('data', (c: Buffer) => (got += c.toString('latin1')));
    s.on('error', reject);
    s.on('close', () => resolve(got));
  });
}

describe('request smuggling through the gateway (issue 23)', () => {
  it("A's smuggling request is refused; B's requests get B's answers and B stays signed in", async () => {
    const a = await verifiedAccount('desync-a');
    const b = await verifiedAccount('desync-b');
    const userA = await signedIn(a);
    const userB = await signedIn(b);
    const { host, origin } = new URL(baseUrl());
    const bCookie = `noek_access=${userB.cookie('noek_access')!}`;
    const prefixes = [
      'GET /api/auth/me HTTP/1.1\r\nHost: x\r\nX-Ignore: ',
      `POST /api/auth/logout-everywhere HTTP/1.1\r\nHost: ${host}\r\nOrigin: ${origin}\r\nX-Ignore: `,
    ];
    for (const prefix of prefixes) {
      const answer = await rawExchange(
        `POST /api/auth/logout HTTP/1.1\r\nHost: ${host}\r\nOrigin: ${origin}\r\n` +
          `Content-Type: application/json\r\nCookie: noek_access=${userA.cookie('noek_access')!}\r\n` +
          `Connection: content-length\r\nContent-Length: ${prefix.length}\r\n\r\n${prefix}`,
      );
      expect(answer).toMatch(/^HTTP\/1\.1 400 /);
      // B at once, several requests in parallel: each on a pooled upstream connection a desync would poison.
      const answers = await Promise.all(
        Array.from({ length: 8 }, async () => {
          const res = await fetch(`${baseUrl()}/api/auth/settings`, { headers: { cookie: bCookie } });
          return { status: res.status, body: (await res.json()) as unknown };
        }),
      );
      for (const got of answers) {
        expect(got.status).toBe(200);
        expect(authSettingsResponseSchema.strict().parse(got.body)).toBeTruthy();
      }
    }
    // Neither sign-out happened: A's refused logout, nor a smuggled sign-out-everywhere in B's name.
    const meB = await userB.get('/api/auth/me');
    expect(meB.status).toBe(200);
    expect(meB.text).toContain(b.email);
    expect((await userA.get('/api/auth/me')).status).toBe(200);
  });
});
