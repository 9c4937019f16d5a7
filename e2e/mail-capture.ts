/** A real SMTP server on loopback that keeps every message the product sends, for the journeys to read. */
import { SMTPServer } from 'smtp-server';

export type CapturedMail = { to: string[]; from: string; raw: string; receivedAt: string };
export type MailCapture = {
  url: string;
  port: number;
  messages(to?: string): CapturedMail[];
  close(): Promise<void>;
};

/** `host`: loopback for local runs; the Docker bridge address when containers must reach it (test:compose). */
export function startMailCapture(host = '127.0.0.1'): Promise<MailCapture> {
  const inbox: CapturedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        inbox.push({
          to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          raw: Buffer.concat(chunks).toString('utf8'),
          receivedAt: new Date().toISOString(),
        });
        callback();
      });
    },
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, host, () => {
      const addr = server.server.address();
      const port = typeof addr === 'object' && addr ? addr.port : 0;
      resolve({
        url: `smtp://${host}:${port}`,
        port,
        messages: (to) => inbox.filter((m) => !to || m.to.includes(to.toLowerCase())),
        close: () => new Promise((r) => server.close(() => r())),
      });
    });
  });
}
