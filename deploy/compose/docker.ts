// Docker from the compose test: is it usable, which compose command, the host's bridge address, running commands.
import { spawn } from 'node:child_process';
import { networkInterfaces } from 'node:os';

export interface RunOptions {
  env?: NodeJS.ProcessEnv;
  cwd?: string;
  /** Output only when the command fails. */
  quiet?: boolean;
  timeoutMs?: number;
}

/** Runs a command; rejects with its (tail of) output when it fails or runs past timeoutMs. */
export function run(cmd: string, args: string[], o: RunOptions = {}): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, {
      env: o.env ?? process.env,
      cwd: o.cwd,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    const take = (d: Buffer) => {
      out += d.toString();
      if (out.length > 200_000) out = out.slice(-100_000);
      if (!o.quiet) process.stdout.write(d);
    };
    child.stdout.on('data', take);
    child.stderr.on('data', take);
    const timer = o.timeoutMs ? setTimeout(() => child.kill('SIGTERM'), o.timeoutMs) : undefined;
    child.on('error', (err) => reject(err));
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      if (code === 0) resolve(out);
      else reject(new Error(`${cmd} ${args.join(' ')}: ${signal ?? `exit ${code}`}\n${out.slice(-4000)}`));
    });
  });
}

const ok = (cmd: string, args: string[]) =>
  run(cmd, args, { quiet: true }).then(
    () => true,
    () => false,
  );

/** Why Docker cannot run here, or undefined when it can. */
export async function dockerProblem(): Promise<string | undefined> {
  if (!(await ok('docker', ['--version']))) return 'no docker client (apt-get install docker.io)';
  if (!(await ok('docker', ['info'])))
    return 'the Docker daemon is not running or not reachable (start dockerd)';
  if (
    !(await composeCommand().then(
      () => true,
      () => false,
    ))
  )
    return 'neither `docker compose` nor `docker-compose` is installed (apt-get install docker-compose)';
  return undefined;
}

/** `docker compose` (v2) when present, else Debian's docker-compose 1.29. */
export async function composeCommand(): Promise<string[]> {
  if (await ok('docker', ['compose', 'version'])) return ['docker', 'compose'];
  if (await ok('docker-compose', ['version'])) return ['docker-compose'];
  throw new Error('no docker compose');
}

/** The host's address on Docker's default bridge: what `host-gateway` resolves to inside containers. */
export async function bridgeAddress(): Promise<string> {
  const out = await run(
    'docker',
    [
      'network',
      'inspect',
      'bridge',
      '-f',
      '{{range .IPAM.Config}}{{.Gateway}} {{end}}|{{index .Options "com.docker.network.bridge.name"}}',
    ],
    { quiet: true },
  );
  const [gateways = '', bridge = 'docker0'] = out.trim().split('|');
  const fromIpam = gateways.trim().split(/\s+/)[0];
  if (fromIpam) return fromIpam;
  // Older daemons leave IPAM empty on the default bridge: take the bridge interface's own address.
  const name = bridge.trim() || 'docker0';
  let ip = networkInterfaces()[name]?.find((a) => a.family === 'IPv4')?.address;
  // An interface with no container attached yet is down, and Node does not list it: ask `ip`.
  ip ??= /inet (\d+\.\d+\.\d+\.\d+)/.exec(
    await run('ip', ['-4', '-o', 'addr', 'show', 'dev', name], { quiet: true }).catch(() => ''),
  )?.[1];
  if (!ip) throw new Error(`no address on the docker bridge (${name})`);
  return ip;
}
