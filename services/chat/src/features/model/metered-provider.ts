import type { ReplyMetrics } from '@noek/service-kit';
import type { ModelProvider } from './model.types';

/** The same provider, timing each reply's first text (TTFT) for the operator's dashboards. */
export function meteredProvider(
  provider: ModelProvider,
  metrics: Pick<ReplyMetrics, 'observeTtft'>,
): ModelProvider {
  return {
    // Read each time: the catalog's provider turns from 'offline' to 'openai' when a model appears.
    get kind() {
      return provider.kind;
    },
    async *stream(turns, signal, onUsage) {
      const started = performance.now();
      let first = true;
      for await (const delta of provider.stream(turns, signal, onUsage)) {
        if (first) {
          metrics.observeTtft((performance.now() - started) / 1000);
          first = false;
        }
        yield delta;
      }
    },
  };
}
