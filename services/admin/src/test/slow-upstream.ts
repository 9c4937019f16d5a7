import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

type Hold = { match: (req: IncomingMessage) => boolean; ms: number; times: number };

/**
 * A local HTTP hop between the admin service and auth that can hold auth's answers back: auth has done
 * the work, the answer arrives late (a busy machine, a slow network). Everything else passes as is.
 */
export async function startSlowUpstream(target: () => string) {
  const holds: Hold[] = [];
  let seen = 0;
  const server = createServer((req, res) => {
    void (async () => {
      const chunks: Buffer[] = [];
      for await (const c of req) chunks.push(c as Buffer);
      seen += 1;
      const headers = Object.fromEntries(
        Object.entries(req.headers).filter(
          (e): e is [string, string] => typeof e[1] === 'string' && e[0] !== 'host' && e[0] !== 'connection',
        ),
      );
      const hold = holds.find((h) => h.times > 0 && h.match(req));
      if (hold) hold.times -= 1;
      try {
        const upstream = await fetch(`${target()}${req.url}`, {
          method: req.method,
          headers,
          body: chunks.length ? Buffer.concat(chunks) : undefined,
        });
        const body = Buffer.from(await upstream.arrayBuffer());
        if (hold) await new Promise((r) => setTimeout(r, hold.ms));
        res.writeHead(upstream.status, { 'content-type': upstream.headers.get('content-type') ?? '' });
        res.end(body);
      } catch {
        res.destroy();
      }
    })();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    /** Requests received so far (attempts of the admin service). */
    seen: () => seen,
    /** Holds back the answers of the next `times` requests whose path ends with `suffix` by `ms`. */
    holdAnswers(suffix: string, ms: number, times = 1) {
      holds.push({ match: (req) => (req.url ?? '').split('?')[0]!.endsWith(suffix), ms, times });
    },
    clear() {
      holds.length = 0;
    },
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}
export type SlowUpstream = Awaited<ReturnType<typeof startSlowUpstream>>;
