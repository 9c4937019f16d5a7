// The rendered manifests (`kubectl kustomize k8s`, exactly what `kubectl apply -k k8s` sends) validated offline
// against the Kubernetes API's JSON schemas: kubernetes-models 5.1.0, generated from the OpenAPI of
// Kubernetes 1.34 and compiled with ajv. Also the templates kept outside the kustomization (Secrets, k6 Job).
// No cluster and no network: a wrong type, a missing required field or an unknown kind fails here.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseAllDocuments } from 'yaml';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));
/** The Kubernetes version whose API schemas kubernetes-models 5.1.0 carries; docs/deployment.md names it. */
export const TARGET_KUBERNETES = '1.34';

type Doc = { apiVersion?: string; kind?: string; metadata?: { name?: string } };
type Validatable = { validate(): void };
type ModelClass = new (data: unknown) => Validatable;

/** apiVersion `apps/v1` -> module `kubernetes-models/apps/v1`; core `v1` -> `kubernetes-models/v1`. */
async function modelFor(doc: Doc): Promise<ModelClass | undefined> {
  const module = `kubernetes-models/${doc.apiVersion}`;
  try {
    const models = (await import(module)) as Record<string, ModelClass | undefined>;
    return models[doc.kind ?? ''];
  } catch {
    return undefined;
  }
}

function rendered(): Doc[] {
  let out: string;
  try {
    out = execFileSync('kubectl', ['kustomize', join(root, 'k8s')], { encoding: 'utf8' });
  } catch (err) {
    throw new Error(
      `kubectl kustomize k8s failed (kubectl is needed for this test): ${(err as Error).message}`,
    );
  }
  return parseAllDocuments(out).map((d) => d.toJSON() as Doc);
}
const fileDocs = (path: string): Doc[] =>
  parseAllDocuments(readFileSync(join(root, path), 'utf8'))
    .map((d) => d.toJSON() as Doc | null)
    .filter((d): d is Doc => !!d);

async function problemsOf(doc: Doc): Promise<string | undefined> {
  const Model = await modelFor(doc);
  if (!Model) return `${doc.apiVersion} ${doc.kind}: not a kind of the Kubernetes ${TARGET_KUBERNETES} API`;
  try {
    new Model(doc).validate();
    return undefined;
  } catch (err) {
    return `${doc.kind}/${doc.metadata?.name}: ${(err as Error).message}`;
  }
}

describe(`k8s manifests against the Kubernetes ${TARGET_KUBERNETES} API schemas`, () => {
  const docs = rendered();

  it('renders every deployable, its PodDisruptionBudget and NetworkPolicies', () => {
    const kinds = docs.map((d) => d.kind);
    expect(kinds.filter((k) => k === 'Deployment').length).toBeGreaterThanOrEqual(9);
    expect(kinds).toContain('PodDisruptionBudget');
    expect(kinds).toContain('NetworkPolicy');
  });

  it('every rendered object is valid', async () => {
    const problems = (await Promise.all(docs.map(problemsOf))).filter(Boolean);
    expect(problems).toEqual([]);
  });

  it('the templates outside the kustomization are valid too', async () => {
    const docsOutside = [...fileDocs('k8s/secrets.template.yaml'), ...fileDocs('k8s/k6-job.yaml')];
    expect(docsOutside.length).toBeGreaterThan(0);
    const problems = (await Promise.all(docsOutside.map(problemsOf))).filter(Boolean);
    expect(problems).toEqual([]);
  });

  it('catches a broken object (the validation can fail)', async () => {
    const deployment = structuredClone(docs.find((d) => d.kind === 'Deployment')!) as Doc & {
      spec: { replicas: unknown; template: { spec: { containers: unknown } } };
    };
    deployment.spec.replicas = 'two';
    expect(await problemsOf(deployment)).toMatch(/replicas/);
    const noContainers = structuredClone(deployment);
    noContainers.spec.replicas = 1;
    noContainers.spec.template.spec.containers = 'gateway';
    expect(await problemsOf(noContainers)).toMatch(/containers/);
    expect(await problemsOf({ apiVersion: 'apps/v1', kind: 'Deploymnet' })).toMatch(/not a kind/);
  });
});
