import type { AnsweringModel, ChatModel } from '@noek/contracts';
import type { CatalogModel } from './provider-catalog';

/** A catalog model as browsers see it: names and health, never the provider's address or key. */
export function toChatModel(m: CatalogModel): ChatModel {
  return {
    id: m.id,
    name: m.model,
    provider: { id: m.provider.id, name: m.provider.name, local: m.provider.local, health: m.health },
  };
}

export function toAnsweringModel(m: CatalogModel): AnsweringModel {
  return { id: m.id, name: m.model, provider: m.provider.name, local: m.provider.local };
}
