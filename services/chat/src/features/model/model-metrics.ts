import { Counter, type Registry } from 'prom-client';
import type { ModelFailureKind } from './model.types';

/**
 * `noek_model_failures_total{provider, kind}`: failed model calls by why (model.types.ts). Made before
 * the app, registered on the app's registry once it exists (service-kit keeps one per app).
 */
export function createModelFailureMetric() {
  const counter = new Counter({
    name: 'noek_model_failures_total',
    help: 'Model calls that failed, by provider and kind (unreachable, unauthorized, unknown-model, rate-limited, context-too-long, timeout, upstream)',
    labelNames: ['provider', 'kind'] as const,
    registers: [],
  });
  return {
    count: (provider: string, kind: ModelFailureKind) => counter.inc({ provider, kind }),
    registerOn: (registry: Registry | undefined) => registry?.registerMetric(counter),
  };
}
export type ModelFailureMetric = ReturnType<typeof createModelFailureMetric>;
