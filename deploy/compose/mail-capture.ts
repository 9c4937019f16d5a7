// The journey's SMTP capture, listening where containers can reach it (the Docker bridge address).
import { SMTPServer } from 'smtp-server';

export interface HostMailCapture {
  port: number;
  /** Raw messages addressed to `to`, newest last. */
  messages(to: string): string[];
  close(): Promise<void>;
}

export function startHostMailCapture(host: string): Promise<HostMailCapture> {
  const inbox: { to: string[]; raw: string }[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        inbox.push({
          to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, host, () => {
      const addr = server.server.address();
      resolve({
        port: typeof addr === 'object' && addr ? addr.port : 0,
        messages: (to) => inbox.filter((m) => m.to.includes(to.toLowerCase())).map((m) => m.raw),
        close: () => new Promise((r) => server.close(() => r())),
      });
    });
  });
}
