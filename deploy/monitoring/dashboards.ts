import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export const monitoringDir = import.meta.dirname;
export const dashboardsDir = join(monitoringDir, 'grafana/dashboards');
export const alertRulesFile = join(monitoringDir, 'prometheus/alerts.yml');

export type Panel = { id: number; title: string; targets?: { expr: string }[] };
export type Dashboard = {
  file: string;
  json: { uid: string; title: string; panels: Panel[] } & Record<string, unknown>;
};

/** The Grafana dashboards of the repository (what compose and the k8s ConfigMap provision). */
export function loadDashboards(): Dashboard[] {
  return readdirSync(dashboardsDir)
    .filter((f) => f.endsWith('.json'))
    .map((f) => ({ file: f, json: JSON.parse(readFileSync(join(dashboardsDir, f), 'utf8')) }));
}

/** Every panel query of every dashboard, named `<dashboard title> / <panel title>`. */
export function dashboardQueries(): { panel: string; expr: string }[] {
  return loadDashboards().flatMap(({ json }) =>
    json.panels.flatMap((p) =>
      (p.targets ?? []).map((t) => ({ panel: `${json.title} / ${p.title}`, expr: t.expr })),
    ),
  );
}
