/** The fault run's users: signed up, verified through the captured email, signed in. */
import { apiRoutes } from '@noek/contracts';
import type { MailCapture } from '../mail-capture';
import { decodeMail } from '../support/accounts';
import { pollFor } from '../support/timing';
import { ChatUser } from './chat-client';

const PASSWORD = 'Fault-run-password-1';

async function verificationToken(mail: MailCapture, to: string): Promise<string> {
  const token = await pollFor(
    () =>
      mail
        .messages(to)
        .map((m) => /verify-email\?token=([A-Za-z0-9_-]+)/.exec(decodeMail(m.raw))?.[1])
        .find(Boolean),
    { timeoutMs: 30_000, everyMs: 200 },
  );
  if (!token) throw new Error(`no verification email to ${to}`);
  return token;
}

async function createUser(base: string, mail: MailCapture, i: number): Promise<ChatUser> {
  const email = `fault-${i}-${Date.now()}@example.com`;
  const user = new ChatUser(base, email);
  const signup = await user.callPatiently('POST', apiRoutes.auth.signup.path, {
    name: `Fault ${i}`,
    email,
    password: PASSWORD,
  });
  if (signup.status >= 300) throw new Error(`sign-up ${email}: ${signup.status} ${await signup.text()}`);
  const token = await verificationToken(mail, email);
  const verified = await user.callPatiently('GET', `${apiRoutes.auth.verifyEmail.path}?token=${token}`);
  if (verified.status >= 400) throw new Error(`verify ${email}: ${verified.status}`);
  await user.signIn(PASSWORD);
  return user;
}

/** Users are made a few at a time: the run measures faults, not a burst of sign-ups. */
const AT_ONCE = 5;

export async function createUsers(base: string, mail: MailCapture, n: number): Promise<ChatUser[]> {
  const users: ChatUser[] = [];
  for (let i = 0; i < n; i += AT_ONCE) {
    const batch = Array.from({ length: Math.min(AT_ONCE, n - i) }, (_, j) => createUser(base, mail, i + j));
    users.push(...(await Promise.all(batch)));
  }
  return users;
}
