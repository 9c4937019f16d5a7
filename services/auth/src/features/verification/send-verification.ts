import type { User } from '../../generated/prisma/client';
import type { AuthContext } from '../../context';
import {
  failedSignInsEmail,
  resetPasswordEmail,
  verificationEmail,
  type EmailContent,
} from '../../mail/templates';

/**
 * Mail failures are logged, never thrown: the account exists and the person can ask again with
 * 'Resend Verification Email' (and an answer must not reveal whether an address has an account).
 * Every mail counts against its recipient's cap: past it, nothing is sent, silently
 * (the answers stay the same, and requests from many addresses cannot flood one inbox).
 */
async function deliver(ctx: AuthContext, to: string, content: EmailContent): Promise<boolean> {
  if (!(await ctx.limiters.mailPerRecipient.hit(to.toLowerCase())).allowed) {
    ctx.logger.warn({ to, subject: content.subject }, 'mail cap for this recipient reached: not sent');
    return false;
  }
  try {
    await ctx.mailer.send({
      to,
      subject: content.subject,
      html: content.html,
      text: content.text,
      link: content.link,
    });
    return true;
  } catch (err) {
    ctx.logger.error({ err, to, subject: content.subject }, 'email could not be sent');
    return false;
  }
}

const common = (ctx: AuthContext) => ({
  appOrigin: ctx.settings.appOrigin,
  supportEmail: ctx.settings.supportEmail,
});

export function sendVerificationEmail(ctx: AuthContext, user: User, token: string): Promise<boolean> {
  return deliver(ctx, user.email, verificationEmail({ name: user.name, token, ...common(ctx) }));
}

export function sendResetEmail(ctx: AuthContext, user: User, token: string): Promise<boolean> {
  return deliver(ctx, user.email, resetPasswordEmail({ name: user.name, token, ...common(ctx) }));
}

export function sendFailedSignInsEmail(ctx: AuthContext, user: User, failures: number): Promise<boolean> {
  return deliver(ctx, user.email, failedSignInsEmail({ name: user.name, failures, ...common(ctx) }));
}
