import { escapeHtml } from './escape-html';

/** The two emails auth sends. HTML and text parts carry the same link. */
export type EmailContent = { subject: string; html: string; text: string; link: string };

function button(href: string, label: string): string {
  return (
    `<a href="${escapeHtml(href)}" style="display:inline-block;padding:12px 24px;background:#4f46e5;` +
    `color:#ffffff;border-radius:8px;text-decoration:none;font-weight:600">${escapeHtml(label)}</a>`
  );
}

function layout(body: string, supportEmail: string): string {
  return (
    `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#111827;max-width:560px;` +
    `margin:0 auto;padding:24px">${body}<p style="color:#6b7280;font-size:13px;margin-top:32px">` +
    `Questions? Contact support at ${escapeHtml(supportEmail)}.</p></body></html>`
  );
}

export function linkWithToken(appOrigin: string, path: string, token: string): string {
  const url = new URL(path, appOrigin);
  url.searchParams.set('token', token);
  return url.toString();
}

export function verificationEmail(p: {
  name: string;
  appOrigin: string;
  token: string;
  supportEmail: string;
}): EmailContent {
  const link = linkWithToken(p.appOrigin, '/verify-email', p.token);
  const html = layout(
    `<h1 style="font-size:22px">Welcome to Noek, ${escapeHtml(p.name)}!</h1>` +
      `<p>Please confirm your email address to activate your account.</p>` +
      `<p style="margin:28px 0">${button(link, 'Activate Your Account')}</p>` +
      `<p style="font-size:13px;color:#6b7280">Or open this link: <a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>` +
      `<p style="font-size:13px;color:#6b7280">The link expires in 24 hours. If you did not sign up, ignore this email.</p>`,
    p.supportEmail,
  );
  const text =
    `Welcome to Noek, ${p.name}!\n\nActivate Your Account by opening this link:\n${link}\n\n` +
    `The link expires in 24 hours. If you did not sign up, ignore this email.\n` +
    `Questions? Contact support at ${p.supportEmail}.\n`;
  return { subject: 'Activate Your Account', html, text, link };
}

export function resetPasswordEmail(p: {
  name: string;
  appOrigin: string;
  token: string;
  supportEmail: string;
}): EmailContent {
  const link = linkWithToken(p.appOrigin, '/reset-password', p.token);
  const html = layout(
    `<h1 style="font-size:22px">Reset your Noek password</h1>` +
      `<p>Hello ${escapeHtml(p.name)}, someone asked to reset the password of your account.</p>` +
      `<p style="margin:28px 0">${button(link, 'Reset Password')}</p>` +
      `<p style="font-size:13px;color:#6b7280">Or open this link: <a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>` +
      `<p style="font-size:13px;color:#6b7280">The link expires in 1 hour and works once. If it was not you, ignore this email.</p>`,
    p.supportEmail,
  );
  const text =
    `Hello ${p.name},\n\nReset your Noek password by opening this link:\n${link}\n\n` +
    `The link expires in 1 hour and works once. If it was not you, ignore this email.\n` +
    `Questions? Contact support at ${p.supportEmail}.\n`;
  return { subject: 'Reset your Noek password', html, text, link };
}

/** To the owner after repeated wrong passwords for their account (tell, never lock out). */
export function failedSignInsEmail(p: {
  name: string;
  appOrigin: string;
  failures: number;
  supportEmail: string;
}): EmailContent {
  const link = new URL('/', p.appOrigin).toString();
  const html = layout(
    `<h1 style="font-size:22px">Failed sign-in attempts on your Noek account</h1>` +
      `<p>Hello ${escapeHtml(p.name)}, someone entered a wrong password for your account ` +
      `${p.failures} times in a row. Noek now slows further attempts; your account is not locked.</p>` +
      `<p>If it was you, you can ignore this email. If not, sign in and change your password, or use ` +
      `Forgot Password on the sign-in screen.</p>` +
      `<p style="margin:28px 0">${button(link, 'Open Noek')}</p>`,
    p.supportEmail,
  );
  const text =
    `Hello ${p.name},\n\nSomeone entered a wrong password for your Noek account ${p.failures} times in a row. ` +
    `Noek now slows further attempts; your account is not locked.\n\nIf it was you, ignore this email. ` +
    `If not, sign in and change your password, or use Forgot Password on the sign-in screen:\n${link}\n\n` +
    `Questions? Contact support at ${p.supportEmail}.\n`;
  return { subject: 'Failed sign-in attempts on your Noek account', html, text, link };
}
