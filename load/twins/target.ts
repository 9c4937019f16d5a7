// What the twins that drive an already running Noek need: where it is and how to sign in.
export const baseUrl = (process.env.BASE_URL ?? 'http://127.0.0.1:8080').replace(/\/+$/, '');
export const durationS = Number(process.env.DURATION_S ?? 10);
export const connections = Number(process.env.CONNECTIONS ?? 10);

/** Signs in as NOEK_EMAIL / NOEK_PASSWORD; answers the Cookie header of the session. */
export async function signIn(): Promise<string> {
  const email = process.env.NOEK_EMAIL;
  const password = process.env.NOEK_PASSWORD;
  if (!email || !password) throw new Error('set NOEK_EMAIL and NOEK_PASSWORD (an admin account)');
  const res = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl },
    body: JSON.stringify({ email, password }),
  });
  if (res.status !== 200)
    throw new Error(`sign-in answered ${res.status}: ${(await res.text()).slice(0, 200)}`);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

/** The thresholds of the k6 twin, checked on the same figures. */
export function verdict(name: string, checks: [string, boolean][]): number {
  for (const [what, ok] of checks) console.log(`${ok ? 'ok  ' : 'FAIL'} ${name}: ${what}`);
  return checks.every(([, ok]) => ok) ? 0 : 1;
}
