import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { commonServiceEnv, loadConfig, logLevelEnv, natsStreamEnv, portEnv } from '@noek/service-kit';
import {
  IMPORT_DEFAULT_MAX_BYTES,
  originCheckExemptPaths,
  remoteNames,
  type RemoteName,
} from '@noek/contracts';
import { REQUEST_TIMEOUT_MS } from './security/server-limits';

/** The repository root: the default home of the shell's and remotes' dist folders. */
export const repoRoot = fileURLToPath(new URL('../../', import.meta.url));

const list = (item: z.ZodType<string, string>) =>
  z
    .string()
    .transform((s) =>
      s
        .split(',')
        .map((x) => x.trim())
        .filter(Boolean),
    )
    .pipe(z.array(item));

const httpUrl = z.url({ protocol: /^https?$/ }).transform((u) => u.replace(/\/+$/, ''));
/**
 * A service's upstream: one http(s) URL, or several separated by commas (the gateway spreads requests over
 * them, proxy/upstreams.ts). Each is checked; the value stays the comma-separated string, trimmed.
 */
const upstreamUrls = z
  .string()
  .transform((s) => s.split(',').map((u) => u.trim()))
  .pipe(z.array(httpUrl).min(1))
  .transform((urls) => urls.join(','));
const origin = z
  .url({ protocol: /^https?$/ })
  .refine(
    (u) => new URL(u).origin === u.replace(/\/$/, ''),
    'must be an origin: scheme://host[:port], no path',
  )
  .transform((u) => new URL(u).origin);
const host = z
  .string()
  .regex(/^[a-z0-9.-]+(:\d{1,5})?$/i, 'must be hostname or hostname:port')
  .transform((h) => h.toLowerCase());
const bool = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');
const cspSources = z.string().regex(/^[^;\r\n]*$/, 'CSP sources separated by spaces or commas, no ";"');
const ms = (def: number) => z.coerce.number().int().min(0).max(3_600_000).default(def);

/** `chat=/srv/chat/dist,admin=/srv/admin/dist`: per-remote dist folders (unlisted ones keep their default). */
const remoteDirs = z.string().transform((s, ctx) => {
  const out: Partial<Record<RemoteName, string>> = {};
  for (const part of s
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean)) {
    const eq = part.indexOf('=');
    const name = part.slice(0, eq) as RemoteName;
    if (eq < 1 || !remoteNames.includes(name)) {
      ctx.addIssue({
        code: 'custom',
        message: `"${part}" is not <remote>=<dir> with remote one of ${remoteNames.join(', ')}`,
      });
      return z.NEVER;
    }
    out[name] = part.slice(eq + 1);
  }
  return out;
});

export const gatewayEnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  PORT: portEnv(8080),
  HOST: z.string().min(1).default('127.0.0.1'),
  LOG_LEVEL: logLevelEnv,
  /** Log one line per proxied request at info (otherwise only failures and slow requests). */
  ACCESS_LOG: bool.default(false),

  AUTH_URL: upstreamUrls.default('http://127.0.0.1:4001'),
  CHAT_URL: upstreamUrls.default('http://127.0.0.1:4002'),
  BILLING_URL: upstreamUrls.default('http://127.0.0.1:4003'),
  ADMIN_URL: upstreamUrls.default('http://127.0.0.1:4004'),
  /** auth's ES256 public key (PEM): calls to chat, billing and admin without a valid token stop here. */
  AUTH_PUBLIC_KEY: z
    .string()
    .transform((s) => s.replace(/\\n/g, '\n'))
    .refine((s) => s.includes('-----BEGIN PUBLIC KEY'), 'must be a PEM public key')
    .optional(),
  /** Until the upstream answers with headers; a started event stream has no total limit. */
  UPSTREAM_TIMEOUT_MS: ms(30_000),
  UPSTREAM_CONNECT_TIMEOUT_MS: ms(5_000),
  /** Concurrent requests (incl. open streams) per upstream; beyond it the gateway answers 503. */
  UPSTREAM_MAX_SOCKETS: z.coerce.number().int().min(1).max(100_000).default(1024),
  /** A comment line on an idle event stream, so proxies in front do not cut it; 0 disables. */
  SSE_HEARTBEAT_MS: ms(30_000),

  APP_VERSION: z.string().min(1).max(64).optional(),
  BUILD_ID: z
    .string()
    .regex(/^[A-Za-z0-9._-]{1,40}$/, 'letters, digits, . _ - only')
    .optional(),

  /** Served over HTTPS (directly or behind a TLS proxy): HSTS on, own origin is https://. */
  TRUST_HTTPS: bool.default(false),
  /** Proxies in front whose X-Forwarded-For entry is trusted (0: the socket address is the client). */
  TRUST_PROXY_HOPS: z.coerce.number().int().min(0).max(10).default(0),
  ALLOWED_ORIGINS: list(origin).default([]),
  /** Public base URLs of the two sites, for cross-site links in the shell (/config.json chatUrl, marketingUrl). */
  CHAT_SITE_URL: z.url({ protocol: /^https?$/ }).optional(),
  MARKETING_SITE_URL: z.url({ protocol: /^https?$/ }).optional(),
  CHAT_HOSTS: list(host).default(['localhost', '127.0.0.1']),
  MARKETING_HOSTS: list(host).default([]),
  ORIGIN_CHECK_EXEMPT_PATHS: list(z.string().startsWith('/api/')).default([...originCheckExemptPaths]),
  MAX_BODY_BYTES: z.coerce.number().int().min(0).default(1_048_576),
  /** Body limit of the file upload routes (contracts fileUploadPaths: import), streamed, never buffered. */
  IMPORT_MAX_BYTES: z.coerce.number().int().min(0).default(IMPORT_DEFAULT_MAX_BYTES),
  /** Wait for the answer of an upload route (the service parses and stores the whole file first). */
  IMPORT_TIMEOUT_MS: ms(120_000),
  /** Per client address on /api; 0 turns the limit off. */
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(0).default(1200),
  RATE_LIMIT_BURST: z.coerce.number().int().min(1).default(300),
  /**
   * How often each replica tells the others over NATS what it let through per address, so the limit holds
   * across replicas (security/shared-rate-limit.ts); 0: each replica limits on its own.
   */
  RATE_LIMIT_SHARE_MS: z.coerce.number().int().min(0).max(10_000).default(250),

  /**
   * NATS, for auth's revocations (refused here within milliseconds, open streams ended) and the rate-limit
   * hits the replicas share. Down: the gateway keeps serving (degraded) and the services still enforce.
   */
  NATS_URL: commonServiceEnv.NATS_URL,
  NATS_STREAM: natsStreamEnv,
  /** Set when billing uses real Stripe keys: the CSP then allows Stripe.js and its frames (else nothing of Stripe). */
  STRIPE_PUBLISHABLE_KEY: z
    .string()
    .regex(/^pk_(test|live)_\S+$/, 'must be a Stripe publishable key')
    .optional(),
  /** Extra CSP sources (space- or comma-separated). */
  CSP_SCRIPT_SRC: cspSources.default(''),
  CSP_CONNECT_SRC: cspSources.default(''),
  CSP_FRAME_SRC: cspSources.default(''),

  SERVE_STATIC: bool.default(true),
  SHELL_DIST_DIR: z.string().min(1).optional(),
  REMOTE_DIST_DIRS: remoteDirs.default({}),
  REMOTE_CHAT_URL: z.url().optional(),
  REMOTE_ADMIN_URL: z.url().optional(),
  REMOTE_BILLING_URL: z.url().optional(),
  REMOTE_MARKETING_URL: z.url().optional(),

  /** Must exceed the idle timeout of any proxy in front (ALB 60 s). */
  KEEP_ALIVE_TIMEOUT_MS: ms(65_000),
  /** Time a client gets to send a request's headers (slow-header clients are cut). */
  HEADERS_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(120_000).default(5_000),
  /**
   * Open connections per client socket address; 0 turns the cap off. Default 256, or off when
   * TRUST_PROXY_HOPS > 0 (every connection then comes from the proxy: cap there).
   */
  MAX_CONNECTIONS_PER_ADDRESS: z.coerce.number().int().min(0).max(1_000_000).optional(),
  SHUTDOWN_GRACE_MS: ms(10_000),
});

export type GatewayEnv = z.output<typeof gatewayEnvSchema>;

/** The gateway's configuration in the shape the code uses. */
export interface GatewayConfig {
  port: number;
  host: string;
  logLevel: GatewayEnv['LOG_LEVEL'];
  accessLog: boolean;
  upstreams: Record<'auth' | 'chat' | 'billing' | 'admin', string>;
  upstreamTimeoutMs: number;
  upstreamConnectTimeoutMs: number;
  upstreamMaxSockets: number;
  sseHeartbeatMs: number;
  appVersion?: string;
  buildId?: string;
  trustHttps: boolean;
  trustProxyHops: number;
  allowedOrigins: string[];
  chatSiteUrl?: string;
  marketingSiteUrl?: string;
  chatHosts: string[];
  marketingHosts: string[];
  originCheckExemptPaths: string[];
  /** Unset: the gateway leaves every session check to the services. */
  authPublicKey?: string;
  maxBodyBytes: number;
  /** The upload routes' own body limit and answer timeout (contracts fileUploadPaths). */
  uploads: { maxBytes: number; timeoutMs: number };
  /** `shareMs`: how often the hits go to the other replicas; 0 never (each limits on its own). */
  rateLimit: { perMinute: number; burst: number; shareMs: number };
  /** Where the separate-process gateway (main.ts) finds NATS and the stream auth publishes to. */
  nats: { url: string; stream: string };
  csp: { scriptSrc: string[]; connectSrc: string[]; frameSrc: string[] };
  serveStatic: boolean;
  shellDistDir: string;
  remoteDistDirs: Record<RemoteName, string>;
  /** Per remote: URL of its mf-manifest.json when served from elsewhere. */
  remoteUrls: Partial<Record<RemoteName, string>>;
  keepAliveTimeoutMs: number;
  headersTimeoutMs: number;
  maxConnectionsPerAddress: number;
  shutdownGraceMs: number;
  /** The whole request (head and body) within this; never the answer (security/server-limits.ts). */
  requestTimeoutMs: number;
}

const sources = (s: string) => s.split(/[\s,]+/).filter(Boolean);

/** What Stripe's Payment Element needs (docs.stripe.com/security/guide#content-security-policy). */
const stripeCsp = {
  scriptSrc: ['https://js.stripe.com', 'https://*.js.stripe.com'],
  connectSrc: ['https://api.stripe.com'],
  frameSrc: ['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com'],
};

export function toGatewayConfig(env: GatewayEnv): GatewayConfig {
  const remoteDistDirs = Object.fromEntries(
    remoteNames.map((name) => [name, env.REMOTE_DIST_DIRS[name] ?? `${repoRoot}mfe-${name}/dist`]),
  ) as Record<RemoteName, string>;
  const remoteUrls: Partial<Record<RemoteName, string>> = {};
  if (env.REMOTE_CHAT_URL) remoteUrls.chat = env.REMOTE_CHAT_URL;
  if (env.REMOTE_ADMIN_URL) remoteUrls.admin = env.REMOTE_ADMIN_URL;
  if (env.REMOTE_BILLING_URL) remoteUrls.billing = env.REMOTE_BILLING_URL;
  if (env.REMOTE_MARKETING_URL) remoteUrls.marketing = env.REMOTE_MARKETING_URL;
  return {
    port: env.PORT,
    host: env.HOST,
    logLevel: env.LOG_LEVEL,
    accessLog: env.ACCESS_LOG,
    upstreams: { auth: env.AUTH_URL, chat: env.CHAT_URL, billing: env.BILLING_URL, admin: env.ADMIN_URL },
    upstreamTimeoutMs: env.UPSTREAM_TIMEOUT_MS,
    upstreamConnectTimeoutMs: env.UPSTREAM_CONNECT_TIMEOUT_MS,
    upstreamMaxSockets: env.UPSTREAM_MAX_SOCKETS,
    sseHeartbeatMs: env.SSE_HEARTBEAT_MS,
    appVersion: env.APP_VERSION,
    buildId: env.BUILD_ID,
    trustHttps: env.TRUST_HTTPS,
    trustProxyHops: env.TRUST_PROXY_HOPS,
    allowedOrigins: env.ALLOWED_ORIGINS,
    chatSiteUrl: env.CHAT_SITE_URL,
    marketingSiteUrl: env.MARKETING_SITE_URL,
    chatHosts: env.CHAT_HOSTS,
    marketingHosts: env.MARKETING_HOSTS,
    originCheckExemptPaths: env.ORIGIN_CHECK_EXEMPT_PATHS,
    authPublicKey: env.AUTH_PUBLIC_KEY,
    maxBodyBytes: env.MAX_BODY_BYTES,
    uploads: { maxBytes: env.IMPORT_MAX_BYTES, timeoutMs: env.IMPORT_TIMEOUT_MS },
    rateLimit: {
      perMinute: env.RATE_LIMIT_PER_MINUTE,
      burst: env.RATE_LIMIT_BURST,
      shareMs: env.RATE_LIMIT_SHARE_MS,
    },
    nats: { url: env.NATS_URL, stream: env.NATS_STREAM },
    csp: {
      scriptSrc: [...(env.STRIPE_PUBLISHABLE_KEY ? stripeCsp.scriptSrc : []), ...sources(env.CSP_SCRIPT_SRC)],
      connectSrc: [
        ...(env.STRIPE_PUBLISHABLE_KEY ? stripeCsp.connectSrc : []),
        ...sources(env.CSP_CONNECT_SRC),
      ],
      frameSrc: [...(env.STRIPE_PUBLISHABLE_KEY ? stripeCsp.frameSrc : []), ...sources(env.CSP_FRAME_SRC)],
    },
    serveStatic: env.SERVE_STATIC,
    shellDistDir: env.SHELL_DIST_DIR ?? `${repoRoot}shell/dist`,
    remoteDistDirs,
    remoteUrls,
    keepAliveTimeoutMs: env.KEEP_ALIVE_TIMEOUT_MS,
    headersTimeoutMs: env.HEADERS_TIMEOUT_MS,
    maxConnectionsPerAddress: env.MAX_CONNECTIONS_PER_ADDRESS ?? (env.TRUST_PROXY_HOPS > 0 ? 0 : 256),
    shutdownGraceMs: env.SHUTDOWN_GRACE_MS,
    requestTimeoutMs: REQUEST_TIMEOUT_MS,
  };
}

/**
 * Reads the gateway's configuration from the environment (or the given map), failing with the
 * names of every missing or bad variable. `overrides` lets tests and the single-process start
 * script set values without touching the environment.
 */
export function loadGatewayConfig(
  env: Record<string, string | undefined> = process.env,
  overrides: Partial<GatewayConfig> = {},
): GatewayConfig {
  return { ...toGatewayConfig(loadConfig(gatewayEnvSchema, env)), ...overrides };
}
