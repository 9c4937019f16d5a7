import type { ModelProvider } from '../model/model.types';
import type { ProviderCatalog } from './provider-catalog';

/**
 * The provider the send path calls: the catalog's default model while any provider offers one, the
 * labelled offline responder otherwise (so a local Ollama that starts later takes over by itself,
 * and one that stops hands back). Decided per reply, from memory.
 */
export function createCatalogProvider(catalog: ProviderCatalog, offline: ModelProvider): ModelProvider {
  return {
    get kind() {
      return catalog.defaultModel() ? 'openai' : 'offline';
    },
    stream(turns, signal, onUsage) {
      const model = catalog.defaultModel();
      return model ? catalog.callerFor(model).stream(turns, signal, onUsage) : offline.stream(turns, signal);
    },
  };
}

/**
 * The caller of the model a reply records: that model while a provider offers it, else `fallback`
 * (the default, or a test's own provider when `fixed` is given).
 */
export function createModelRouter(catalog: ProviderCatalog, fallback: ModelProvider, fixed?: ModelProvider) {
  return (modelId: string | null): ModelProvider => {
    if (fixed) return fixed;
    const model = modelId ? catalog.find(modelId) : undefined;
    return model ? catalog.callerFor(model) : fallback;
  };
}
