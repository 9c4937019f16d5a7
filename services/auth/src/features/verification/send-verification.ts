import type { User } from '../../generated/prisma/client';
import type { AuthContext } from '../../context';
import { resetPasswordEmail, verificationEmail } from '../../mail/templates';

/**
 * Mail failures are logged, never thrown: the account exists and the person can ask again with
 * 'Resend Verification Email' (and an answer must not reveal whether an address has an account).
 */
async function deliver(
  ctx: AuthContext,
  to: string,
  content: ReturnType<typeof verificationEmail>,
): Promise<void> {
  try {
    await ctx.mailer.send({
      to,
      subject: content.subject,
      html: content.html,
      text: content.text,
      link: content.link,
    });
  } catch (err) {
    ctx.log.error({ err, to, subject: content.subject }, 'email could not be sent');
  }
}

export function sendVerificationEmail(ctx: AuthContext, user: User, token: string): Promise<void> {
  const content = verificationEmail({
    name: user.name,
    token,
    appOrigin: ctx.settings.appOrigin,
    supportEmail: ctx.settings.supportEmail,
  });
  return deliver(ctx, user.email, content);
}

export function sendResetEmail(ctx: AuthContext, user: User, token: string): Promise<void> {
  const content = resetPasswordEmail({
    name: user.name,
    token,
    appOrigin: ctx.settings.appOrigin,
    supportEmail: ctx.settings.supportEmail,
  });
  return deliver(ctx, user.email, content);
}
