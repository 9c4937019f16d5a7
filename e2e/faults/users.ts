/** The fault run's users: signed up, verified through the captured email, signed in. */
import { apiRoutes } from '@noek/contracts';
import type { MailCapture } from '../mail-capture';
import { decodeMail } from '../support/accounts';
import { ChatUser } from './chat-client';

const PASSWORD = 'Fault-run-password-1';

async function verificationToken(mail: MailCapture, to: string): Promise<string> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    for (const m of mail.messages(to)) {
      const token = /verify-email\?token=([A-Za-z0-9_-]+)/.exec(decodeMail(m.raw))?.[1];
      if (token) return token;
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no verification email to ${to}`);
}

async function createUser(base: string, mail: MailCapture, i: number): Promise<ChatUser> {
  const email = `fault-${i}-${Date.now()}@example.com`;
  const user = new ChatUser(base, email);
  const signup = await user.call('POST', apiRoutes.auth.signup.path, {
    name: `Fault ${i}`,
    email,
    password: PASSWORD,
  });
  if (signup.status >= 300) throw new Error(`sign-up ${email}: ${signup.status} ${await signup.text()}`);
  const token = await verificationToken(mail, email);
  const verified = await user.call('GET', `${apiRoutes.auth.verifyEmail.path}?token=${token}`);
  if (verified.status >= 400) throw new Error(`verify ${email}: ${verified.status}`);
  await user.signIn(PASSWORD);
  return user;
}

export function createUsers(base: string, mail: MailCapture, n: number): Promise<ChatUser[]> {
  return Promise.all(Array.from({ length: n }, (_, i) => createUser(base, mail, i)));
}
