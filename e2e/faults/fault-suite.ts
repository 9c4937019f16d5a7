/**
 * npm run test:faults: the product in the separate-process mode on a PostgreSQL cluster and a
 * NATS server of its own, 20 users chatting, and one fault at a time while their replies stream:
 * (a) SIGKILL chat, (b) SIGKILL NATS for 10 s, (c) PostgreSQL stopped for 10 s, (d) SIGKILL the gateway,
 * (e) SIGTERM each process in turn, and the rows of their own files (paused-replica, database-outage,
 * disk-full, edited-branch-crash). Chat and auth run as two replicas each behind the gateway. A killed or
 * stopped process is started again as a supervisor would.
 * After each fault: no accepted message lost or doubled, no reply left `streaming`, no reply shorter in
 * the database than what its user was shown, usage = messages accepted, every event published, every
 * service ready again. Prints a table; exits 1 when a row fails. FAULTS=a,c runs some rows only;
 * `--report=file.json` also writes the rows (npm test counts them).
 */
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serviceNames } from '../../scripts/lib/launch';
import { startPrivateProduct } from '../support/private-product';
import { pollFor } from '../support/timing';
import { faults, type Fault, type World } from './faults';
import { allReady, checkAfterFault, type Row } from './invariants';
import { createUsers } from './users';

const USERS = Number(process.env.FAULT_USERS ?? 20);
const byDefault = faults.filter((f) => !f.quarantined);
for (const f of faults.filter((f) => f.quarantined && !process.env.FAULTS))
  console.log(`fault ${f.key}: ${f.name}: left out (${f.quarantined}); FAULTS=${f.key} runs it`);
const chosen = (process.env.FAULTS ?? byDefault.map((f) => f.key).join(',')).split(',').map((s) => s.trim());
const logFile = join(tmpdir(), 'noek-faults.log');
const reportFile = process.argv.find((a) => a.startsWith('--report='))?.slice('--report='.length);
/** Replicas per service: the faults hit one replica while the others keep serving. */
export const REPLICAS = { chat: 2, auth: 2 } as const;
const logs: string[] = [];

async function runFault(world: World, fault: Fault): Promise<Row> {
  const conversations = await Promise.all(world.users.map((u) => u.newConversation()));
  const exchanges = world.users.map((u, i) => u.exchange(conversations[i]!));
  // The fault comes once every reply is in flight: each user has been shown some of its text (the offline
  // model writes for ~5 s). A user still without text after 30 s meets the fault anyway; the row tells.
  await pollFor(() => (world.users.every((u) => (u.live?.shown.length ?? 0) > 0) ? true : undefined), {
    timeoutMs: 30_000,
    everyMs: 50,
  });
  const injected = Date.now();
  const own = (await fault.inject(world)) ?? [];
  const [results, readyAt] = await Promise.all([Promise.all(exchanges), allReady(world)]);
  const row = await checkAfterFault(world, fault.name, results, { injected, readyAt });
  return { ...row, problems: [...row.problems, ...own] };
}

async function main(): Promise<void> {
  const run = await startPrivateProduct({
    replicas: REPLICAS,
    log: (line) => logs.push(line),
    env: { OFFLINE_WORD_DELAY_MS: '60' },
  }).catch((err: unknown) => {
    // A product that does not start says why: the last lines its processes wrote.
    console.error(logs.slice(-30).join('\n'));
    throw err;
  });
  try {
    const { product, pg, nats, mail, base } = run;
    const users = await createUsers(base, mail, USERS);
    const world: World = { product, pg, nats, users, base, logs };
    const rows: Row[] = [];
    for (const fault of faults.filter((f) => chosen.includes(f.key))) {
      console.log(`fault ${fault.key}: ${fault.name}`);
      rows.push(await runFault(world, fault).catch((err: unknown) => failedRow(fault, err)));
    }
    printTable(rows);
    if (reportFile) writeFileSync(reportFile, JSON.stringify(rows, null, 2));
    process.exitCode = rows.every((r) => r.problems.length === 0) ? 0 : 1;
  } finally {
    await run.stop();
    writeFileSync(logFile, logs.join('\n'));
  }
}

/** A row whose run threw: the other rows still run, and the report says what broke. */
function failedRow(fault: Fault, err: unknown): Row {
  console.error(err);
  const problem = `the row could not run: ${err instanceof Error ? err.message : String(err)}`;
  return {
    fault: fault.name,
    sends: 0,
    accepted: 0,
    damaged: 0,
    cut: 0,
    serverErrors: 0,
    recoverS: NaN,
    problems: [problem],
  };
}

function printTable(rows: Row[]): void {
  console.log('\n| fault | sends | accepted | replies damaged | cut | 5xx | seconds to recover |');
  console.log('| --- | --- | --- | --- | --- | --- | --- |');
  for (const r of rows)
    console.log(
      `| ${r.fault} | ${r.sends} | ${r.accepted} | ${r.damaged} | ${r.cut} | ${r.serverErrors} | ${r.recoverS.toFixed(1)} |`,
    );
  for (const r of rows) for (const p of r.problems) console.log(`FAIL ${r.fault}: ${p}`);
  console.log(`\nprocess logs: ${logFile}; services: ${serviceNames.join(', ')} (chat and auth ×2), gateway`);
}

main().catch((err: unknown) => {
  console.error(err);
  writeFileSync(logFile, logs.join('\n'));
  process.exit(1);
});
