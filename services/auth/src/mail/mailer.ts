import type { Transporter } from 'nodemailer';

export type OutgoingEmail = { to: string; subject: string; html: string; text: string; link?: string };
export type Mailer = { send(email: OutgoingEmail): Promise<void>; close(): void };
export type StoredEmail = OutgoingEmail & { id: number; sentAt: string };

type Log = { info(obj: object, msg?: string): void };

/** Real delivery over SMTP (SMTP_URL, e.g. smtp://user:pass@host:587). */
export function createSmtpMailer(opts: { smtpUrl: string; from: string }): Mailer {
  // nodemailer loads with the first mail, not at start.
  let transport: Promise<Transporter> | undefined;
  const transportOnce = () =>
    (transport ??= import('nodemailer').then(({ default: nodemailer }) =>
      nodemailer.createTransport(opts.smtpUrl),
    ));
  return {
    async send(e) {
      await (
        await transportOnce()
      ).sendMail({
        from: opts.from,
        to: e.to,
        subject: e.subject,
        html: e.html,
        text: e.text,
      });
    },
    close: () => void transport?.then((t) => t.close()),
  };
}

/**
 * Single-machine mode without SMTP: mail is kept in memory (the newest `max`) and logged with its
 * link, and the dev mailbox page lists it. Never used when SMTP_URL is set.
 */
export function createDevMailbox(opts: {
  log: Log & { warn(obj: object, msg?: string): void };
  max?: number;
  logLinks?: boolean;
}) {
  const max = opts.max ?? 200;
  const emails: StoredEmail[] = [];
  let next = 1;
  const mailer: Mailer = {
    async send(e) {
      emails.unshift({ ...e, id: next++, sentAt: new Date().toISOString() });
      emails.length = Math.min(emails.length, max);
      // Links grant access (reset, verify): logged only outside production.
      if (opts.logLinks ?? true)
        opts.log.info(
          { to: e.to, subject: e.subject, link: e.link },
          'dev mailbox: email kept (no SMTP_URL)',
        );
      else
        opts.log.warn(
          { to: e.to, subject: e.subject },
          'no SMTP_URL: email not delivered (kept in the dev mailbox only)',
        );
    },
    close: () => undefined,
  };
  return { mailer, list: (): readonly StoredEmail[] => emails };
}
export type DevMailbox = ReturnType<typeof createDevMailbox>;
