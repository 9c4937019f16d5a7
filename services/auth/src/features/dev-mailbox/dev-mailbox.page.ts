import type { StoredEmail } from '../../mail/mailer';

function esc(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** A plain page listing the dev mailbox, newest first, with each email's link and text. */
export function renderDevMailbox(emails: readonly StoredEmail[]): string {
  const rows = emails
    .map(
      (e) =>
        `<article style="border:1px solid #e5e7eb;border-radius:8px;padding:16px;margin:12px 0">` +
        `<div style="color:#6b7280;font-size:13px">#${e.id} · ${esc(e.sentAt)} · to ${esc(e.to)}</div>` +
        `<h2 style="font-size:18px;margin:6px 0">${esc(e.subject)}</h2>` +
        (e.link ? `<p><a href="${esc(e.link)}">${esc(e.link)}</a></p>` : '') +
        `<details><summary>Text</summary><pre style="white-space:pre-wrap">${esc(e.text)}</pre></details>` +
        `</article>`,
    )
    .join('');
  return (
    `<!doctype html><html><head><meta charset="utf-8"><title>Noek dev mailbox</title>` +
    `<meta name="robots" content="noindex"></head>` +
    `<body style="font-family:system-ui,sans-serif;max-width:760px;margin:0 auto;padding:24px">` +
    `<h1>Noek dev mailbox</h1><p>Emails the product would have sent (no SMTP_URL configured). ` +
    `Single-machine mode only; reload to see new ones.</p>` +
    (rows || '<p><em>No emails yet.</em></p>') +
    `</body></html>`
  );
}
