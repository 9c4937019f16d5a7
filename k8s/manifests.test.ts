// Guards the deployment artifacts: every Kubernetes manifest stays hardened (non-root, read-only root
// filesystem, no capabilities, probes, limits, graceful stop), only the gateway (and the remotes' static
// files under /remotes/<name>/) is reachable from outside, and the environment each deployable gets in
// k8s/ and docker-compose.yml passes that app's own config schema (src/config.ts), so a renamed or new
// required variable fails here rather than at boot in production.
import { generateKeyPairSync } from 'node:crypto';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse, parseAllDocuments } from 'yaml';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));
const k8sDir = join(root, 'k8s');
const read = (path: string) => readFileSync(join(root, path), 'utf8');

// ---- shapes of the manifests (only the fields checked here) ----
interface KeyRef {
  name: string;
  key: string;
  optional?: boolean;
}
interface EnvVar {
  name: string;
  value?: string;
  valueFrom?: { configMapKeyRef?: KeyRef; secretKeyRef?: KeyRef };
}
interface Probe {
  httpGet?: { path: string; port: string | number };
  exec?: { command: string[] };
}
interface Container {
  name: string;
  image: string;
  args?: string[];
  ports?: { name?: string; containerPort: number; hostPort?: number }[];
  env?: EnvVar[];
  resources?: { requests?: Record<string, string>; limits?: Record<string, string> };
  startupProbe?: Probe;
  livenessProbe?: Probe;
  readinessProbe?: Probe;
  lifecycle?: { preStop?: { exec?: { command: string[] } } };
  securityContext?: {
    runAsNonRoot?: boolean;
    runAsUser?: number;
    readOnlyRootFilesystem?: boolean;
    allowPrivilegeEscalation?: boolean;
    privileged?: boolean;
    capabilities?: { drop?: string[]; add?: string[] };
  };
}
interface PodSpec {
  containers: Container[];
  initContainers?: Container[];
  hostNetwork?: boolean;
  hostPID?: boolean;
  automountServiceAccountToken?: boolean;
  terminationGracePeriodSeconds?: number;
  securityContext?: { runAsNonRoot?: boolean; runAsUser?: number; seccompProfile?: { type: string } };
}
interface Selector {
  matchLabels?: Record<string, string>;
}
interface Workload {
  replicas?: number;
  selector?: Selector;
  template: { metadata: { labels: Record<string, string> }; spec: PodSpec };
}
interface Doc {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace?: string; labels?: Record<string, string> };
  spec?: unknown;
  data?: Record<string, string>;
  stringData?: Record<string, string>;
  resources?: string[];
  images?: { name: string; newTag?: string }[];
}
interface ServiceSpec {
  type?: string;
  selector: Record<string, string>;
  ports: { port: number; targetPort: string | number }[];
}
interface IngressSpec {
  rules: { host: string; http: { paths: { path: string; backend: { service: { name: string } } }[] } }[];
}
interface PeerRule {
  podSelector?: Selector;
  namespaceSelector?: Selector;
}
interface NetworkPolicySpec {
  podSelector: Selector;
  policyTypes: string[];
  ingress?: { from?: PeerRule[] }[];
  egress?: { to?: PeerRule[] }[];
}

function loadK8s(): Map<string, Doc[]> {
  const files = new Map<string, Doc[]>();
  for (const file of readdirSync(k8sDir)
    .filter((f) => f.endsWith('.yaml'))
    .sort()) {
    const docs = parseAllDocuments(readFileSync(join(k8sDir, file), 'utf8'));
    for (const d of docs) if (d.errors.length) throw new Error(`${file}: ${d.errors[0]?.message}`);
    files.set(file, docs.map((d) => d.toJS() as Doc).filter(Boolean));
  }
  return files;
}

const files = loadK8s();
const all = [...files.values()].flat();
const ofKind = <T>(kind: string) =>
  all.filter((d) => d.kind === kind).map((d) => ({ doc: d, spec: d.spec as T }));
const workloads = ofKind<Workload>('Deployment')
  .concat(ofKind<Workload>('StatefulSet'))
  .concat(ofKind<{ template: Workload['template'] }>('Job') as { doc: Doc; spec: Workload }[]);
const deployments = ofKind<Workload>('Deployment');
const configMap = all.find((d) => d.kind === 'ConfigMap' && d.metadata.name === 'noek-config')?.data ?? {};
const secretTemplates = new Map(
  (files.get('secrets.template.yaml') ?? []).map((d) => [d.metadata.name, d.stringData ?? {}] as const),
);
const containersOf = (spec: PodSpec) => [...(spec.initContainers ?? []), ...spec.containers];

/** Node deployables: Deployment name -> app directory holding src/config.ts. */
const nodeApps: Record<string, string> = {
  gateway: 'gateway',
  auth: 'services/auth',
  chat: 'services/chat',
  billing: 'services/billing',
  admin: 'services/admin',
};
const servicePorts: Record<string, number> = { auth: 4001, chat: 4002, billing: 4003, admin: 4004 };
const remotes = ['chat', 'admin', 'billing', 'marketing'];

/** Variables each deployable must be given explicitly (the brief of docs/deployment.md, "Environment"). */
const requiredEnv: Record<string, string[]> = {
  gateway: [
    'PORT',
    'HOST',
    'AUTH_URL',
    'CHAT_URL',
    'BILLING_URL',
    'ADMIN_URL',
    'AUTH_PUBLIC_KEY',
    'NATS_URL',
    'ALLOWED_ORIGINS',
    'MARKETING_HOSTS',
    'CHAT_HOSTS',
    'APP_VERSION',
    'MAX_BODY_BYTES',
    'UPSTREAM_TIMEOUT_MS',
    'LOG_LEVEL',
  ],
  auth: [
    'AUTH_PRIVATE_KEY',
    'AUTH_PUBLIC_KEY',
    'SMTP_URL',
    'MAIL_FROM',
    'APP_ORIGIN',
    'ADMIN_EMAIL',
    'ADMIN_PASSWORD',
  ],
  chat: ['AUTH_PUBLIC_KEY', 'OPENAI_API_KEY', 'OPENAI_BASE_URL', 'OPENAI_MODEL'],
  billing: ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET', 'STRIPE_PUBLISHABLE_KEY'],
  admin: [],
};
for (const s of Object.keys(servicePorts)) {
  requiredEnv[s]!.push('PORT', 'HOST', 'DATABASE_URL', 'NATS_URL', 'LOG_LEVEL', 'SHUTDOWN_GRACE_MS');
}

/**
 * Variables the architecture gives an app that its config.ts does not read yet (the feature is being built):
 * deployments already pass them, so the feature works when it lands. Once the app reads one, this test asks
 * for it to be removed from here, so the list only shrinks.
 */
const plannedEnv: Record<string, string[]> = {};

interface EnvSchema {
  safeParse(env: unknown): {
    success: boolean;
    error?: { issues: { path: PropertyKey[]; message: string }[] };
  };
  shape?: Record<string, unknown>;
}

/** The app's env schema: the export of its src/config.ts whose name ends in EnvSchema (absent: undefined). */
async function envSchemaOf(appDir: string): Promise<EnvSchema | undefined> {
  const path = join(root, appDir, 'src', 'config.ts');
  if (!existsSync(path)) return undefined;
  const mod = (await import(path)) as Record<string, unknown>;
  const entry = Object.entries(mod).find(
    ([name, v]) => name.endsWith('EnvSchema') && typeof v === 'object' && v !== null,
  );
  return entry?.[1] as EnvSchema | undefined;
}

function expectValidEnv(schema: EnvSchema, env: Record<string, string>, where: string, app: string) {
  // Empty values count as unset, as loadConfig in the service kit treats them.
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== ''));
  const result = schema.safeParse(cleaned);
  const problems = (result.error?.issues ?? []).map((i) => `${i.path.join('.')}: ${i.message}`);
  expect(problems, `${where}: env rejected by the app's config schema`).toEqual([]);
  if (schema.shape) {
    const planned = plannedEnv[app] ?? [];
    const unknown = Object.keys(env).filter((k) => !(k in schema.shape!) && !planned.includes(k));
    expect(unknown, `${where}: variables the app does not read (typo or stale?)`).toEqual([]);
    const nowRead = planned.filter((k) => k in schema.shape!);
    expect(nowRead, `${where}: the app reads these now: remove them from plannedEnv`).toEqual([]);
  }
}

/** A container's env with ConfigMap and (template) Secret references resolved. */
function resolveEnv(c: Container): Record<string, string> {
  const out: Record<string, string> = {};
  for (const e of c.env ?? []) {
    const cm = e.valueFrom?.configMapKeyRef;
    const sec = e.valueFrom?.secretKeyRef;
    if (cm) out[e.name] = configMap[cm.key] ?? '';
    else if (sec) out[e.name] = secretTemplates.get(sec.name)?.[sec.key] ?? '';
    else out[e.name] = e.value ?? '';
  }
  return out;
}

const sleepSeconds = (cmd: string[] = []) => Number(/sleep (\d+)/.exec(cmd.join(' '))?.[1] ?? NaN);

describe('k8s manifests', () => {
  it('parse, and every object is named and lives in namespace noek', () => {
    expect(files.size).toBeGreaterThanOrEqual(15);
    for (const d of all) {
      expect(d.apiVersion, d.kind).toBeTruthy();
      if (d.kind === 'Kustomization') continue;
      expect(d.metadata?.name, d.kind).toBeTruthy();
      if (d.kind !== 'Namespace') expect(d.metadata.namespace, `${d.kind}/${d.metadata.name}`).toBe('noek');
    }
  });

  it('kustomization lists every manifest except the secret template and the k6 Job', () => {
    const k = files.get('kustomization.yaml')![0]!;
    const expected = [...files.keys()].filter(
      (f) => !['kustomization.yaml', 'secrets.template.yaml', 'k6-job.yaml'].includes(f),
    );
    expect([...(k.resources ?? [])].sort()).toEqual(expected.sort());
    const images = new Set(
      workloads.flatMap(({ spec }) => containersOf(spec.template.spec).map((c) => c.image.split(':')[0])),
    );
    for (const i of k.images ?? [])
      expect(images.has(i.name), `kustomization image ${i.name} is used`).toBe(true);
  });

  it('every Noek deployable has its own manifest file', () => {
    for (const name of [...Object.keys(nodeApps), ...remotes.map((r) => `mfe-${r}`)]) {
      expect(files.has(`${name}.yaml`), name).toBe(true);
      expect(
        deployments.some(({ doc }) => doc.metadata.name === name),
        name,
      ).toBe(true);
    }
  });

  describe.each(workloads.map((w) => [`${w.doc.kind}/${w.doc.metadata.name}`, w.spec] as const))(
    '%s',
    (_, spec) => {
      const pod = spec.template.spec;
      it('runs as non-root with RuntimeDefault seccomp and no service account token', () => {
        expect(pod.securityContext?.runAsNonRoot).toBe(true);
        expect(pod.securityContext?.runAsUser).toBeGreaterThan(0);
        expect(pod.securityContext?.seccompProfile?.type).toBe('RuntimeDefault');
        expect(pod.automountServiceAccountToken).toBe(false);
        expect(pod.hostNetwork ?? false).toBe(false);
        expect(pod.hostPID ?? false).toBe(false);
      });
      it('every container: read-only root fs, no privilege escalation, all capabilities dropped, limits', () => {
        for (const c of containersOf(pod)) {
          const sc = c.securityContext ?? {};
          expect(sc.readOnlyRootFilesystem, c.name).toBe(true);
          expect(sc.allowPrivilegeEscalation, c.name).toBe(false);
          expect(sc.privileged ?? false, c.name).toBe(false);
          expect(sc.capabilities?.drop, c.name).toEqual(['ALL']);
          expect(sc.capabilities?.add ?? [], c.name).toEqual([]);
          if (sc.runAsUser !== undefined) expect(sc.runAsUser).toBeGreaterThan(0);
          for (const kind of ['requests', 'limits'] as const) {
            expect(c.resources?.[kind]?.cpu, `${c.name} ${kind}.cpu`).toBeTruthy();
            expect(c.resources?.[kind]?.memory, `${c.name} ${kind}.memory`).toBeTruthy();
          }
          expect(c.image, `${c.name} image pinned`).toMatch(/:[\w.-]+$/);
          expect(c.image).not.toMatch(/:latest$/);
          for (const p of c.ports ?? []) expect(p.hostPort, `${c.name} hostPort`).toBeUndefined();
        }
      });
    },
  );

  describe.each(
    workloads
      .filter((w) => w.doc.kind !== 'Job')
      .map((w) => [`${w.doc.kind}/${w.doc.metadata.name}`, w] as const),
  )('%s (long-running)', (_, { doc, spec }) => {
    const pod = spec.template.spec;
    const main = pod.containers[0]!;
    it('has liveness and readiness probes, and /healthz + /readyz when it is a Noek deployable', () => {
      expect(main.livenessProbe).toBeTruthy();
      expect(main.readinessProbe).toBeTruthy();
      if (doc.kind === 'Deployment') {
        expect(main.livenessProbe?.httpGet?.path).toBe('/healthz');
        expect(main.readinessProbe?.httpGet?.path).toBe('/readyz');
        expect(main.startupProbe?.httpGet?.path).toBe('/healthz');
      }
    });
    it('stops gracefully: preStop sleep, then a grace period longer than the app needs', () => {
      const preStop = sleepSeconds(main.lifecycle?.preStop?.exec?.command);
      expect(preStop).toBeGreaterThan(0);
      // Node deployables drain for SHUTDOWN_GRACE_MS (10 s unless set); nginx and the servers stop at once.
      const appGrace = doc.metadata.name in nodeApps ? 10_000 : 0;
      const grace = Number(main.env?.find((e) => e.name === 'SHUTDOWN_GRACE_MS')?.value ?? appGrace);
      expect(pod.terminationGracePeriodSeconds! * 1000).toBeGreaterThan(preStop * 1000 + grace);
    });
  });

  describe.each(deployments.map((d) => [d.doc.metadata.name, d.spec] as const))(
    'Deployment %s',
    (name, spec) => {
      const labels = spec.template.metadata.labels;
      const matches = (sel: Record<string, string> = {}) =>
        Object.keys(sel).length > 0 && Object.entries(sel).every(([k, v]) => labels[k] === v);
      it('has a ClusterIP Service and a PodDisruptionBudget that select its pods', () => {
        const svc = ofKind<ServiceSpec>('Service').find((s) => matches(s.spec.selector));
        expect(svc, 'Service').toBeTruthy();
        expect(svc!.spec.type ?? 'ClusterIP').toBe('ClusterIP');
        const pdb = ofKind<{ minAvailable?: number; maxUnavailable?: number; selector: Selector }>(
          'PodDisruptionBudget',
        ).find((p) => matches(p.spec.selector.matchLabels));
        expect(pdb, 'PodDisruptionBudget').toBeTruthy();
        // A budget that can never be met blocks node drains forever.
        if (pdb!.spec.minAvailable !== undefined)
          expect(spec.replicas ?? 1).toBeGreaterThan(pdb!.spec.minAvailable);
        else expect(pdb!.spec.maxUnavailable).toBeGreaterThanOrEqual(1);
        expect(matches(spec.selector?.matchLabels)).toBe(true);
      });
      it('a Node deployable listens where its Service and probes point (PORT = containerPort)', () => {
        if (!(name in nodeApps)) return;
        const c = spec.template.spec.containers[0]!;
        const env = resolveEnv(c);
        expect(Number(env.PORT)).toBe(c.ports?.[0]?.containerPort);
        expect(env.HOST, 'must listen on all interfaces in a pod').toBe('0.0.0.0');
        expect(env.NODE_ENV).toBe('production');
      });
    },
  );

  it('chat and the gateway run several replicas with a HorizontalPodAutoscaler (docs/deployment.md "Scaling")', () => {
    type HpaSpec = {
      scaleTargetRef: { kind: string; name: string };
      minReplicas: number;
      maxReplicas: number;
    };
    const hpas = ofKind<HpaSpec>('HorizontalPodAutoscaler');
    for (const name of ['chat', 'gateway']) {
      const hpa = hpas.find((h) => h.spec.scaleTargetRef.name === name);
      expect(hpa?.spec.scaleTargetRef.kind, name).toBe('Deployment');
      expect(hpa!.spec.minReplicas).toBeGreaterThanOrEqual(2);
      expect(hpa!.spec.maxReplicas).toBeGreaterThan(hpa!.spec.minReplicas);
      expect(deployments.find((d) => d.doc.metadata.name === name)!.spec.replicas).toBeGreaterThanOrEqual(2);
    }
  });

  it('only the gateway is exposed: no NodePort/LoadBalancer, the Ingress reaches the gateway and the remotes’ files', () => {
    for (const { doc, spec } of ofKind<ServiceSpec>('Service')) {
      expect(spec.type ?? 'ClusterIP', doc.metadata.name).toBe('ClusterIP');
    }
    const ingresses = ofKind<IngressSpec>('Ingress');
    expect(ingresses).toHaveLength(1);
    const rules = ingresses[0]!.spec.rules;
    expect(rules.map((r) => r.host).sort()).toEqual(
      [...configMap.CHAT_HOSTS!.split(','), ...configMap.MARKETING_HOSTS!.split(',')]
        .map((h) => h.trim())
        .sort(),
    );
    for (const rule of rules) {
      for (const p of rule.http.paths) {
        const backend = p.backend.service.name;
        if (backend === 'gateway') expect(p.path).toBe('/');
        else expect(p.path, backend).toBe(`/remotes/${backend.replace(/^mfe-/, '')}/`);
        expect(['gateway', ...remotes.map((r) => `mfe-${r}`)]).toContain(backend);
      }
    }
  });

  it('network policies: deny by default; services only from the gateway (auth and chat also from admin; auth also from chat and billing, for sessions); PostgreSQL only from services, NATS from services and the gateway', () => {
    const policies = ofKind<NetworkPolicySpec>('NetworkPolicy');
    const deny = policies.find((p) => p.doc.metadata.name === 'default-deny')!;
    expect(deny.spec.podSelector).toEqual({});
    expect(deny.spec.policyTypes.sort()).toEqual(['Egress', 'Ingress']);
    expect(deny.spec.ingress ?? []).toEqual([]);
    expect(deny.spec.egress ?? []).toEqual([]);
    const forApp = (name: string) =>
      policies.filter((p) => p.spec.podSelector.matchLabels?.['app.kubernetes.io/name'] === name);
    const ingressPeers = (name: string) =>
      forApp(name).flatMap((p) => (p.spec.ingress ?? []).flatMap((r) => r.from ?? []));
    // The admin service calls auth's and chat's internal APIs (service token); chat and billing ask auth about
    // sessions while their revocation feed is stale; nothing else calls a service.
    const callers: Record<string, string[]> = {
      auth: ['gateway', 'admin', 'chat', 'billing'],
      chat: ['gateway', 'admin'],
    };
    for (const s of Object.keys(servicePorts)) {
      expect(forApp(s), s).toHaveLength(1);
      expect(ingressPeers(s), s).toEqual(
        (callers[s] ?? ['gateway']).map((name) => ({
          podSelector: { matchLabels: { 'app.kubernetes.io/name': name } },
        })),
      );
    }
    // The gateway follows auth's revocations and shares its rate-limit hits over NATS; no database.
    const backingPeers = {
      postgres: Object.keys(servicePorts),
      nats: [...Object.keys(servicePorts), 'gateway'],
    };
    for (const [backing, expected] of Object.entries(backingPeers)) {
      const peers = ingressPeers(backing).map((p) => p.podSelector?.matchLabels?.['app.kubernetes.io/name']);
      expect(peers.sort(), backing).toEqual(expected.sort());
    }
    const gatewayEgress = forApp('gateway').flatMap((p) => (p.spec.egress ?? []).flatMap((r) => r.to ?? []));
    expect(gatewayEgress.map((p) => p.podSelector?.matchLabels?.['app.kubernetes.io/name']).sort()).toEqual(
      [...Object.keys(servicePorts), 'nats'].sort(),
    );
    for (const r of remotes) expect(forApp(`mfe-${r}`)[0]?.spec.egress, `mfe-${r}`).toEqual([]);
  });

  it('every in-cluster address a deployable is given is open in the network policies, both ways', () => {
    const policies = ofKind<NetworkPolicySpec>('NetworkPolicy');
    const named = (p: PeerRule) => p.podSelector?.matchLabels?.['app.kubernetes.io/name'];
    const egressTo = (app: string) =>
      policies
        .filter((p) => p.spec.podSelector.matchLabels?.['app.kubernetes.io/name'] === app)
        .flatMap((p) => (p.spec.egress ?? []).flatMap((r) => (r.to ?? []).map(named)));
    const ingressFrom = (app: string) =>
      policies
        .filter((p) => p.spec.podSelector.matchLabels?.['app.kubernetes.io/name'] === app)
        .flatMap((p) => (p.spec.ingress ?? []).flatMap((r) => (r.from ?? []).map(named)));
    const serviceNames = new Set(ofKind<ServiceSpec>('Service').map((s) => s.doc.metadata.name));
    let checked = 0;
    for (const { doc, spec } of deployments) {
      for (const value of Object.values(resolveEnv(spec.template.spec.containers[0]!))) {
        const host = /^[a-z]+:\/\/(?:[^@/]*@)?([a-z0-9-]+)(?::\d+)?(?:[/?]|$)/.exec(value)?.[1];
        if (!host || !serviceNames.has(host)) continue;
        checked++;
        expect(egressTo(doc.metadata.name), `${doc.metadata.name} -> ${host} (egress)`).toContain(host);
        expect(ingressFrom(host), `${doc.metadata.name} -> ${host} (ingress)`).toContain(doc.metadata.name);
      }
    }
    expect(checked).toBeGreaterThanOrEqual(4 + 2 * Object.keys(servicePorts).length);
  });

  it('every ConfigMap and Secret key a container reads exists', () => {
    for (const { doc, spec } of workloads) {
      for (const c of containersOf(spec.template.spec)) {
        for (const e of c.env ?? []) {
          const cm = e.valueFrom?.configMapKeyRef;
          const sec = e.valueFrom?.secretKeyRef;
          if (cm) expect(configMap, `${doc.metadata.name} ${e.name}`).toHaveProperty([cm.key]);
          if (sec && !sec.optional) {
            expect(secretTemplates.get(sec.name), `${doc.metadata.name} ${e.name}`).toHaveProperty([sec.key]);
          }
        }
      }
    }
  });

  describe.each(Object.entries(nodeApps))('env of %s', (name, appDir) => {
    const dep = deployments.find((d) => d.doc.metadata.name === name)!;
    const env = resolveEnv(dep.spec.template.spec.containers[0]!);
    it('covers the required keys and points at the right Services', () => {
      expect(Object.keys(env)).toEqual(expect.arrayContaining(requiredEnv[name]!));
      if (name === 'gateway') {
        for (const [s, port] of Object.entries(servicePorts)) {
          expect(env[`${s.toUpperCase()}_URL`]).toBe(`http://${s}:${port}`);
        }
        expect(env.NATS_URL).toBe('nats://nats:4222');
      } else {
        expect(env.DATABASE_URL).toMatch(new RegExp(`^postgresql://${name}:[^@]+@postgres:5432/noek$`));
        expect(env.NATS_URL).toBe('nats://nats:4222');
      }
    });
    it("passes the app's own config schema (src/config.ts)", async () => {
      const schema = await envSchemaOf(appDir);
      if (!schema) return; // the app has no config.ts yet: nothing to compare with
      expectValidEnv(schema, env, `k8s/${name}.yaml`, name);
    });
  });

  it("PostgreSQL's init ConfigMap is deploy/postgres/init-noek.sh, byte for byte", () => {
    const init = all.find((d) => d.kind === 'ConfigMap' && d.metadata.name === 'postgres-init')!;
    expect(init.data?.['10-noek.sh']).toBe(read('deploy/postgres/init-noek.sh'));
  });

  it('the k6 Job runs a script that exists with a pinned official k6 image', () => {
    const job = ofKind<Workload>('Job').find((j) => j.doc.metadata.name === 'k6')!;
    const c = job.spec.template.spec.containers[0]!;
    expect(c.image).toMatch(/^grafana\/k6:\d+\.\d+\.\d+$/);
    const script = c.env?.find((e) => e.name === 'SCRIPT')?.value ?? '';
    expect(existsSync(join(root, 'load', 'k6', script)), script).toBe(true);
    expect(job.doc.metadata.labels?.['app.kubernetes.io/name']).toBe('k6');
    // ConfigMaps are flat: the Job maps each key back to its path; every script must be mapped.
    const volumes = (
      job.spec.template.spec as PodSpec & {
        volumes: { name: string; configMap?: { items?: { key: string; path: string }[] } }[];
      }
    ).volumes;
    const paths = (volumes.find((v) => v.name === 'scripts')?.configMap?.items ?? [])
      .map((i) => i.path)
      .sort();
    const k6Dir = join(root, 'load', 'k6');
    const scripts = readdirSync(k6Dir, { recursive: true, encoding: 'utf8' }).filter((f) =>
      f.endsWith('.js'),
    );
    expect(paths).toEqual(scripts.sort());
  });
});

// ---- docker-compose.yml ----
interface ComposeService {
  image?: string;
  build?: { dockerfile?: string; target?: string; args?: Record<string, string> };
  ports?: string[];
  expose?: string[];
  network_mode?: string;
  privileged?: boolean;
  read_only?: boolean;
  cap_drop?: string[];
  security_opt?: string[];
  environment?: Record<string, string | number | boolean | null>;
  depends_on?: Record<string, { condition: string }>;
  user?: string;
  profiles?: string[];
}

/** `.env` parsing and `${VAR}`, `${VAR:-default}`, `${VAR:?error}` interpolation, as compose does. */
function composeEnv(): Record<string, string> {
  const vars: Record<string, string> = {};
  for (const line of read('deploy/compose.env.example').split('\n')) {
    const m = /^([A-Z0-9_]+)=(.*)$/.exec(line.trim());
    if (!m) continue;
    const raw = m[2]!;
    // Inside double quotes compose expands \n (a one-line PEM becomes a real one); elsewhere values are literal.
    const quoted = /^"(.*)"$/.exec(raw);
    vars[m[1]!] = quoted ? quoted[1]!.replace(/\\n/g, '\n') : raw;
  }
  return vars;
}
function interpolate(value: string, vars: Record<string, string>): string {
  return value.replace(
    /\$\{([A-Z0-9_]+)(?:(:?-)([^}]*)|(:?\?)([^}]*))?\}/g,
    (_, name: string, dash, def, q, msg) => {
      const v = vars[name];
      if (q && (v === undefined || (q === ':?' && v === '')))
        throw new Error(`compose: ${name} required: ${msg}`);
      if (dash && (v === undefined || (dash === ':-' && v === ''))) return def ?? '';
      return v ?? '';
    },
  );
}

describe('docker-compose.yml', () => {
  const compose = parse(read('docker-compose.yml'), { merge: true }) as {
    services: Record<string, ComposeService>;
  };
  const services = compose.services;
  const vars = composeEnv();
  const declaredEnvOf = (name: string) =>
    Object.fromEntries(
      Object.entries(services[name]!.environment ?? {}).map(([k, v]) => [
        k,
        interpolate(String(v ?? ''), vars),
      ]),
    );
  // What deploy/compose/with-secrets.sh hands the process: empty secrets filled from the noek-secrets volume
  // (made by secrets-init on the first start), the role's DATABASE_URL, no empty private key.
  const generated = generateKeyPairSync('ec', {
    namedCurve: 'P-256',
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  const envOf = (name: string) => {
    const env: Record<string, string> = declaredEnvOf(name);
    for (const k of ['AUTH', 'CHAT', 'BILLING', 'ADMIN'].map((r) => `${r}_DB_PASSWORD`))
      if (k in env && env[k] === '') env[k] = `generated${k.toLowerCase().replace(/_/g, '')}`;
    if (!env.KEYS_DIR && !env.AUTH_PUBLIC_KEY) env.AUTH_PUBLIC_KEY = generated.publicKey;
    else if (env.AUTH_PUBLIC_KEY === '') delete env.AUTH_PUBLIC_KEY;
    if (env.AUTH_PRIVATE_KEY === '') delete env.AUTH_PRIVATE_KEY;
    const role = env.NOEK_DB_ROLE;
    if (role) {
      env.DATABASE_URL = `postgresql://${role}:${env[`${role.toUpperCase()}_DB_PASSWORD`]}@postgres:5432/noek`;
      // Read by the wrapper, not by the app.
      delete env.NOEK_DB_ROLE;
      delete env[`${role.toUpperCase()}_DB_PASSWORD`];
    }
    return env;
  };

  it('has PostgreSQL, NATS, the four services, the gateway and the five static apps', () => {
    expect(Object.keys(services).sort()).toEqual(
      [
        'secrets-init',
        'postgres',
        'nats',
        'auth',
        'chat',
        'billing',
        'admin',
        'gateway',
        'shell',
        ...remotes.map((r) => `mfe-${r}`),
        // profile `monitoring` only
        'prometheus',
        'grafana',
      ].sort(),
    );
  });

  it('publishes only the gateway, on 8080, on loopback unless NOEK_BIND says otherwise', () => {
    for (const [name, s] of Object.entries(services)) {
      expect(s.network_mode, name).toBeUndefined();
      expect(s.privileged ?? false, name).toBe(false);
      if (s.profiles?.includes('monitoring'))
        for (const p of s.ports ?? []) expect(p, name).toMatch(/^127\.0\.0\.1:/);
      else if (name !== 'gateway') expect(s.ports, name).toBeUndefined();
    }
    expect(services.gateway!.ports).toEqual(['${NOEK_BIND:-127.0.0.1}:${NOEK_PORT:-8080}:8080']);
  });

  it('hardens every container built from this repository', () => {
    for (const [name, s] of Object.entries(services)) {
      if (!s.build) continue;
      expect(s.read_only, name).toBe(true);
      expect(s.cap_drop, name).toEqual(['ALL']);
      expect(s.security_opt, name).toContain('no-new-privileges:true');
    }
  });

  it('starts services after healthy PostgreSQL and NATS, and the gateway after everything else', () => {
    for (const s of Object.keys(servicePorts)) {
      expect(services[s]!.depends_on).toEqual({
        postgres: { condition: 'service_healthy' },
        nats: { condition: 'service_healthy' },
        'secrets-init': { condition: 'service_completed_successfully' },
      });
    }
    const gw = services.gateway!.depends_on!;
    for (const s of Object.keys(servicePorts)) expect(gw[s]?.condition, s).toBe('service_healthy');
    for (const a of ['shell', ...remotes.map((r) => `mfe-${r}`)]) {
      expect(gw[a]?.condition, a).toBe('service_completed_successfully');
    }
  });

  it('builds each deployable from the one Dockerfile with its own target and APP', () => {
    for (const [name, dir] of Object.entries(nodeApps)) {
      expect(services[name]!.build?.dockerfile).toBe('deploy/docker/Dockerfile');
      expect(services[name]!.build?.target).toBe('node-app');
      expect(services[name]!.build?.args?.APP).toBe(dir);
    }
    for (const name of ['shell', ...remotes.map((r) => `mfe-${r}`)]) {
      expect(services[name]!.build?.dockerfile).toBe('deploy/docker/Dockerfile');
      expect(services[name]!.build?.target).toBe('static-app');
      expect(services[name]!.build?.args?.APP).toBe(name);
    }
  });

  it('takes every base image from a variable whose default is the official image', () => {
    expect(services.postgres!.image).toBe('${POSTGRES_IMAGE:-postgres:16-alpine}');
    expect(services.nats!.image).toBe('${NATS_IMAGE:-nats:2.10-alpine}');
    for (const [name, s] of Object.entries(services)) {
      if (!s.build) continue;
      expect(s.build.args?.NODE_IMAGE, name).toBe('${NODE_IMAGE:-node:20.20-bookworm-slim}');
      expect(s.build.args?.NGINX_IMAGE, name).toBe('${NGINX_IMAGE:-nginxinc/nginx-unprivileged:1.28-alpine}');
    }
  });

  describe.each(Object.entries(nodeApps))('env of %s', (name, appDir) => {
    it('covers the required keys and points at the right containers', () => {
      const env = envOf(name);
      // auth's private key may come from KEYS_DIR (the generated pair) instead of the environment.
      expect(Object.keys({ ...declaredEnvOf(name), ...env })).toEqual(
        expect.arrayContaining(requiredEnv[name]!),
      );
      expect(env.HOST).toBe('0.0.0.0');
      expect(String(services[name]!.build?.args?.PORT)).toBe(env.PORT);
      if (name === 'gateway') {
        for (const [s, port] of Object.entries(servicePorts)) {
          expect(env[`${s.toUpperCase()}_URL`]).toBe(`http://${s}:${port}`);
        }
        expect(env.NATS_URL).toBe('nats://nats:4222');
      } else {
        expect(declaredEnvOf(name).NOEK_DB_ROLE).toBe(name);
        expect(env.DATABASE_URL).toBe(`postgresql://${name}:generated${name}dbpassword@postgres:5432/noek`);
        expect(env.PORT).toBe(String(servicePorts[name]));
      }
    });
    it("passes the app's own config schema (src/config.ts)", async () => {
      const schema = await envSchemaOf(appDir);
      if (!schema) return;
      expectValidEnv(schema, envOf(name), `docker-compose.yml ${name}`, name);
    });
  });
});

describe('deploy/docker/Dockerfile', () => {
  const text = read('deploy/docker/Dockerfile');
  /** The instructions of one stage: from its FROM line to the next FROM. */
  const stage = (name: string) => {
    const start = text.search(new RegExp(`^FROM \\S+ AS ${name}$`, 'm'));
    expect(start, name).toBeGreaterThanOrEqual(0);
    const rest = text.slice(start + 1);
    const next = rest.search(/^FROM /m);
    return next === -1 ? rest : rest.slice(0, next);
  };
  it.each(['node-app', 'static-app'])(
    'target %s ends as a numeric non-root user with a HEALTHCHECK',
    (name) => {
      const body = stage(name);
      const users = [...body.matchAll(/^USER\s+(\S+)/gm)].map((m) => m[1]!);
      expect(users.at(-1)).toMatch(/^[1-9]\d*(:\d+)?$/);
      expect(body).toMatch(/^HEALTHCHECK /m);
    },
  );
  it('takes its base images from build arguments defaulting to the official images', () => {
    expect(text).toMatch(/^ARG NODE_IMAGE=node:20[\w.-]*$/m);
    expect(text).toMatch(/^ARG NGINX_IMAGE=nginxinc\/nginx-unprivileged:[\w.-]+$/m);
    for (const m of text.matchAll(/^FROM (\S+)/gm)) expect(m[1]).toMatch(/^\$\{(NODE|NGINX)_IMAGE\}$/);
  });
});
