/**
 * Runs the product as separate processes: the four services and the gateway, each `node` on its build
 * output (services/<name>/dist/main.js, built by `npm run build`), against real PostgreSQL and NATS. Used by `npm run start:services` and the e2e harness.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { withProviderSecret, withSigningKeys } from './keys';
import { startSimulatedPayments, type SimulatedPayments } from './simulated-payments';
import { serveStatic, type StaticServer } from './static-server';

export const serviceNames = ['auth', 'chat', 'billing', 'admin'] as const;
export const remoteNames = ['chat', 'admin', 'billing', 'marketing'] as const;
export type ServiceName = (typeof serviceNames)[number];
export type RemoteName = (typeof remoteNames)[number];

const root = join(import.meta.dirname, '..', '..');

export type LaunchOptions = {
  gatewayPort: number;
  /** First of four consecutive service ports (auth, chat, billing, admin). */
  servicePortBase: number;
  /** Serve each remote from its own static server (ports after the services) instead of the gateway. */
  separateRemotes?: boolean;
  /** Environment shared by every process (DATABASE_URL, NATS_URL, keys, SMTP_URL ...). */
  env: NodeJS.ProcessEnv;
  /** Extra environment per process. */
  envFor?: Partial<Record<ServiceName | 'gateway', NodeJS.ProcessEnv>>;
  /**
   * Processes per service (default 1). The gateway gets every address of a service (comma-separated
   * AUTH_URL, CHAT_URL, ...) and spreads requests over them; extra replicas listen on
   * servicePortBase + 20 + 4 × service index + (replica − 1).
   */
  replicas?: Partial<Record<ServiceName, number>>;
  /** Where child output goes: inherit the terminal, or ignore/collect for tests. */
  output?: 'inherit' | 'pipe';
  log?: (line: string) => void;
};

export type Launched = {
  gatewayUrl: string;
  /** The first replica of each service. */
  serviceUrls: Record<ServiceName, string>;
  /** Every process but the gateway by name (`chat`, `chat#2`, ...), with its URL. */
  replicaUrls: Record<string, string>;
  remoteServers: Partial<Record<RemoteName, StaticServer>>;
  /** The local payment simulator's URL when no Stripe key is configured (its /_simulator controls). */
  paymentSimulatorUrl?: string;
  /** Stops one remote's static server, as if its deployment were down. */
  stopRemote(name: RemoteName): Promise<void>;
  /** Serves a stopped remote again on its port (its deployment is back). */
  startRemote(name: RemoteName): Promise<void>;
  /**
   * Sends a signal to one process (a fault run's SIGKILL or SIGTERM) and waits until it has exited
   * (SIGSTOP and SIGCONT only pause and resume it).
   */
  signal(name: ProcessName, signal: NodeJS.Signals): Promise<void>;
  /** Starts that process again as it was first started (what a supervisor does); waits until it is ready. */
  restart(name: ProcessName): Promise<void>;
  stop(): Promise<void>;
};

/** `chat` is a service's first replica, `chat#2` its second. */
export type ProcessName = ServiceName | 'gateway' | `${ServiceName}#${number}`;

/** The process names and ports of a service's replicas. */
function replicasOf(s: ServiceName, i: number, opts: LaunchOptions): { name: ProcessName; port: number }[] {
  const n = Math.max(1, opts.replicas?.[s] ?? 1);
  return Array.from({ length: n }, (_, r) =>
    r === 0
      ? { name: s, port: opts.servicePortBase + i }
      : { name: `${s}#${r + 1}` as const, port: opts.servicePortBase + 20 + 4 * i + (r - 1) },
  );
}

function startProcess(
  name: string,
  entry: string,
  env: NodeJS.ProcessEnv,
  opts: Pick<LaunchOptions, 'env' | 'output' | 'log'>,
): ChildProcess {
  // Built JavaScript (npm run build bundles every main): production never compiles TypeScript at start.
  const child = spawn(process.execPath, ['--enable-source-maps', entry], {
    cwd: root,
    env: { ...process.env, ...opts.env, ...env },
    stdio: opts.output === 'pipe' ? ['ignore', 'pipe', 'pipe'] : 'inherit',
  });
  if (opts.output === 'pipe') {
    const log = opts.log ?? (() => undefined);
    child.stdout?.on('data', (b: Buffer) => log(`[${name}] ${b.toString().trimEnd()}`));
    child.stderr?.on('data', (b: Buffer) => log(`[${name}] ${b.toString().trimEnd()}`));
  }
  return child;
}

async function waitReady(name: string, url: string, child: ChildProcess, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null)
      throw new Error(`${name} exited with code ${child.exitCode} before it was ready`);
    try {
      const res = await fetch(`${url}/readyz`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${name} was not ready at ${url}/readyz within ${timeoutMs} ms`);
}

function stopChild(child: ChildProcess, graceMs = 10_000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/** The processes run the built bundles: bring them up to date first (milliseconds when nothing changed). */
function buildServerBundles(output: LaunchOptions['output']): void {
  execFileSync(process.execPath, [join(root, 'scripts', 'build', 'build.mjs'), '--only=server bundles'], {
    stdio: output === 'pipe' ? 'pipe' : 'inherit',
  });
}

export type GatewayProcess = { url: string; child: ChildProcess; stop(): Promise<void> };

/**
 * One more gateway process (gateway/dist/main.js) with exactly `env` on top of this process's environment,
 * ready when it resolves: for runs with several gateway replicas in front of the same services or stand-ins.
 */
export async function startGatewayProcess(o: {
  port: number;
  env: NodeJS.ProcessEnv;
  name?: string;
  output?: LaunchOptions['output'];
  log?: LaunchOptions['log'];
}): Promise<GatewayProcess> {
  buildServerBundles(o.output);
  const name = o.name ?? 'gateway';
  const env = { HOST: '127.0.0.1', PORT: String(o.port) };
  const child = startProcess(name, join(root, 'gateway', 'dist', 'main.js'), env, o);
  const url = `http://127.0.0.1:${o.port}`;
  try {
    await waitReady(name, url, child);
  } catch (err) {
    child.kill('SIGKILL');
    throw err;
  }
  return { url, child, stop: () => stopChild(child) };
}

export async function launchProduct(options: LaunchOptions): Promise<Launched> {
  buildServerBundles(options.output);
  const opts = { ...options, env: withProviderSecret(withSigningKeys(options.env)) };
  const children: ChildProcess[] = [];
  /** How each process was started, to start it again. */
  const started = new Map<ProcessName, { child: ChildProcess; entry: string; env: NodeJS.ProcessEnv }>();
  const spawnNamed = (name: ProcessName, entry: string, env: NodeJS.ProcessEnv): ChildProcess => {
    const child = startProcess(name, entry, env, opts);
    const before = started.get(name)?.child;
    if (before) children.splice(children.indexOf(before), 1);
    children.push(child);
    started.set(name, { child, entry, env });
    return child;
  };
  const serviceUrls = Object.fromEntries(
    serviceNames.map((s, i) => [s, `http://127.0.0.1:${opts.servicePortBase + i}`]),
  ) as Record<ServiceName, string>;
  const replicas = serviceNames.flatMap((s, i) => replicasOf(s, i, opts).map((r) => ({ ...r, service: s })));
  const replicaUrls = Object.fromEntries(replicas.map((r) => [r.name, `http://127.0.0.1:${r.port}`]));
  const addressesOf = (s: ServiceName) =>
    replicas
      .filter((r) => r.service === s)
      .map((r) => replicaUrls[r.name])
      .join(',');
  const remoteServers: Partial<Record<RemoteName, StaticServer>> = {};
  const remoteDist = (name: RemoteName) => join(root, `mfe-${name}`, 'dist');
  const remotePort = (name: RemoteName) => opts.servicePortBase + 10 + remoteNames.indexOf(name);
  const remoteEnv: NodeJS.ProcessEnv = {};
  let payments: SimulatedPayments | null = null;
  try {
    payments = await startSimulatedPayments(
      { ...process.env, ...opts.env },
      `http://127.0.0.1:${opts.gatewayPort}`,
    );
    if (payments) opts.envFor = { ...opts.envFor, billing: { ...payments.env, ...opts.envFor?.billing } };
    if (opts.separateRemotes) {
      for (const name of remoteNames) {
        const server = await serveStatic(remoteDist(name), remotePort(name));
        remoteServers[name] = server;
        remoteEnv[`REMOTE_${name.toUpperCase()}_URL`] = `${server.url}/mf-manifest.json`;
      }
    }
    await Promise.all(
      replicas.map(async ({ service: s, name, port }) => {
        const entry = join(root, 'services', s, 'dist', 'main.js');
        // The admin service calls auth's and chat's internal APIs (services/admin/README.md); every
        // service asks auth about sessions while its revocation feed is stale.
        const peers =
          s === 'admin'
            ? { AUTH_URL: serviceUrls.auth, CHAT_URL: serviceUrls.chat }
            : s === 'auth'
              ? {}
              : { AUTH_URL: serviceUrls.auth };
        const env = { PORT: String(port), ...peers, ...opts.envFor?.[s] };
        await waitReady(name, replicaUrls[name]!, spawnNamed(name, entry, env));
      }),
    );
    const gatewayUrl = `http://127.0.0.1:${opts.gatewayPort}`;
    const gwEnv = {
      PORT: String(opts.gatewayPort),
      AUTH_URL: addressesOf('auth'),
      CHAT_URL: addressesOf('chat'),
      BILLING_URL: addressesOf('billing'),
      ADMIN_URL: addressesOf('admin'),
      ...remoteEnv,
      ...opts.envFor?.gateway,
    };
    const gateway = spawnNamed('gateway', join(root, 'gateway', 'dist', 'main.js'), gwEnv);
    await waitReady('gateway', gatewayUrl, gateway);
    const urlOf = (name: ProcessName) => (name === 'gateway' ? gatewayUrl : replicaUrls[name]!);
    return {
      gatewayUrl,
      serviceUrls,
      replicaUrls,
      remoteServers,
      paymentSimulatorUrl: payments?.url,
      stopRemote: async (name) => remoteServers[name]?.close(),
      startRemote: async (name) => {
        if (!opts.separateRemotes) return;
        await remoteServers[name]?.close();
        remoteServers[name] = await serveStatic(remoteDist(name), remotePort(name));
      },
      signal: async (name, signal) => {
        const { child } = started.get(name)!;
        if (child.exitCode !== null || child.signalCode !== null) return;
        // SIGSTOP and SIGCONT pause and resume it (a long GC pause, a frozen VM): nothing to wait for.
        if (signal === 'SIGSTOP' || signal === 'SIGCONT') return void child.kill(signal);
        await new Promise<void>((resolve) => {
          child.once('exit', () => resolve());
          child.kill(signal);
        });
      },
      restart: async (name) => {
        const { entry, env } = started.get(name)!;
        await waitReady(name, urlOf(name), spawnNamed(name, entry, env));
      },
      stop: async () => {
        await Promise.all(children.reverse().map((c) => stopChild(c)));
        await Promise.all(Object.values(remoteServers).map((s) => s.close()));
        await payments?.stop();
      },
    };
  } catch (err) {
    children.forEach((c) => c.kill('SIGKILL'));
    await Promise.all(Object.values(remoteServers).map((s) => s.close()));
    await payments?.stop();
    throw err;
  }
}
