import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';

export type CapturedMail = { to: string[]; raw: string; subject: string; text: string; html: string };

/** Decodes a MIME part body by its Content-Transfer-Encoding (enough for nodemailer's output). */
function decodeBody(headers: string, body: string): string {
  const enc = /content-transfer-encoding:\s*([\w-]+)/i.exec(headers)?.[1]?.toLowerCase();
  if (enc === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (enc === 'quoted-printable') {
    const bytes = body
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/gi, (_m, h: string) => String.fromCharCode(parseInt(h, 16)));
    return Buffer.from(bytes, 'latin1').toString('utf8');
  }
  return body;
}

function splitPart(part: string): [string, string] {
  const i = part.search(/\r?\n\r?\n/);
  return i < 0 ? [part, ''] : [part.slice(0, i), part.slice(i).replace(/^\r?\n\r?\n/, '')];
}

function parse(raw: string): Omit<CapturedMail, 'to' | 'raw'> {
  const [headers] = splitPart(raw);
  const subject = /^subject:\s*(.*)$/im.exec(headers)?.[1]?.trim() ?? '';
  const out = { subject, text: '', html: '' };
  const boundaries = [...raw.matchAll(/boundary="?([^";\r\n]+)"?/gi)].map((m) => m[1]!);
  const parts = boundaries.length ? boundaries.flatMap((b) => raw.split(`--${b}`)) : [raw];
  for (const p of parts) {
    const [h, body] = splitPart(p.replace(/^\r?\n/, ''));
    if (/content-type:\s*text\/plain/i.test(h) && !out.text) out.text = decodeBody(h, body);
    if (/content-type:\s*text\/html/i.test(h) && !out.html) out.html = decodeBody(h, body);
  }
  return out;
}

/** A real SMTP server on a free loopback port that keeps every message it receives. */
export async function startSmtpCapture() {
  const mails: CapturedMail[] = [];
  const waiters: (() => void)[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        mails.push({ to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()), raw, ...parse(raw) });
        waiters.splice(0).forEach((w) => w());
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;

  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    /** Waits for the next mail to `to` after `after` mails already seen for that address. */
    async waitFor(to: string, opts: { after?: number; timeoutMs?: number } = {}): Promise<CapturedMail> {
      const deadline = Date.now() + (opts.timeoutMs ?? 10_000);
      const seen = opts.after ?? 0;
      for (;;) {
        const forTo = mails.filter((m) => m.to.includes(to.toLowerCase()));
        if (forTo.length > seen) return forTo[forTo.length - 1]!;
        if (Date.now() > deadline) throw new Error(`no mail to ${to} within timeout`);
        await new Promise<void>((r) => {
          waiters.push(r);
          setTimeout(r, 200);
        });
      }
    },
    countFor: (to: string) => mails.filter((m) => m.to.includes(to.toLowerCase())).length,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
export type SmtpCapture = Awaited<ReturnType<typeof startSmtpCapture>>;

/** The token query parameter of the first link to `path` in a mail's text part. */
export function tokenFromMail(mail: CapturedMail, path: '/verify-email' | '/reset-password'): string {
  const m = new RegExp(`https?://\\S+${path}\\?token=([A-Za-z0-9_-]+)`).exec(mail.text);
  if (!m) throw new Error(`no ${path} link in mail: ${mail.text}`);
  return m[1]!;
}
