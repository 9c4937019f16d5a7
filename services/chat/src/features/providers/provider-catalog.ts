import type { Logger } from '@noek/service-kit';
import type { ModelFailureKind, ModelProvider } from '../model/model.types';
import { createOpenAiProvider } from '../model/openai-provider';
import { apiKeyOf, chatBaseUrl, ProviderListError, type ProviderHealth } from './list-models';
import type { ProviderSpec } from './provider-spec.schema';

/** One model a provider offers; `id` is `<provider id>/<model name>` (names may contain `/` or `:`). */
export interface CatalogModel {
  id: string;
  model: string;
  provider: ProviderSpec;
  health: ProviderHealth;
}

interface ProviderState {
  spec: ProviderSpec;
  health: ProviderHealth;
  /** From the last listing that succeeded (kept while the provider is down: its replies stay labelled). */
  models: string[];
  checkedAt: Date | null;
}

export interface ProviderCatalogOptions {
  specs: ProviderSpec[];
  /** Asks a provider for its models (list-models.ts; tests may pass their own). */
  listModels: (spec: ProviderSpec, timeoutMs: number) => Promise<string[]>;
  listTimeoutMs: number;
  /** How often every provider is listed again (and a local Ollama probed). */
  refreshMs: number;
  /** The model call's own limits (openai-provider.ts). */
  call: { requestTimeoutMs: number; idleTimeoutMs: number; maxRetries: number };
  logger: Logger;
  /** Tells about health changes (a metric). */
  onHealth?: (spec: ProviderSpec, health: ProviderHealth) => void;
  /** Counts failed model calls by provider and kind (a metric). */
  onFailure?: (providerId: string, kind: ModelFailureKind) => void;
}

export const modelIdOf = (providerId: string, model: string) => `${providerId}/${model}`;

/** The listed models a provider offers: those on its allow-list, when it has one. */
const offered = (spec: ProviderSpec, names: string[]) =>
  spec.models?.length ? names.filter((n) => spec.models?.includes(n)) : names;

/**
 * The providers and their models, listed in the background and kept in memory: the send path asks
 * this catalog synchronously and never waits on a listing.
 */
export class ProviderCatalog {
  private states: ProviderState[];
  private readonly callers = new Map<string, ModelProvider>();
  private timer: NodeJS.Timeout | undefined;
  private refreshing: Promise<void> | undefined;

  constructor(private readonly opts: ProviderCatalogOptions) {
    this.states = opts.specs.map((spec) => ({ spec, health: 'unknown', models: [], checkedAt: null }));
  }

  /** Lists every provider now, then every `refreshMs` (not awaited: the service starts without them). */
  start(): Promise<void> {
    const first = this.refresh();
    if (!this.timer) {
      this.timer = setInterval(() => void this.refresh(), this.opts.refreshMs);
      this.timer.unref();
    }
    return first;
  }

  stop(): void {
    clearInterval(this.timer);
  }

  /** One listing of every provider at a time; a call during one waits for it. */
  refresh(): Promise<void> {
    this.refreshing ??= Promise.all(this.states.map((s) => this.refreshOne(s))).then(
      () => undefined,
      () => undefined,
    );
    return this.refreshing.finally(() => (this.refreshing = undefined));
  }

  /**
   * The providers admins stored (stored-providers.ts), in place of the previous set: a new or changed one
   * is listed now (awaited), one gone is dropped with its callers; unchanged ones keep their state.
   */
  async setStored(specs: ProviderSpec[]): Promise<void> {
    const previous = new Map(this.states.filter((s) => s.spec.stored).map((s) => [s.spec.id, s]));
    const fresh: ProviderState[] = [];
    const kept = specs.map((spec) => {
      const old = previous.get(spec.id);
      if (old && JSON.stringify(old.spec) === JSON.stringify(spec)) return old;
      const state: ProviderState = { spec, health: 'unknown', models: [], checkedAt: null };
      fresh.push(state);
      return state;
    });
    const keptIds = new Set(kept.filter((s) => !fresh.includes(s)).map((s) => s.spec.id));
    for (const id of previous.keys()) if (!keptIds.has(id)) this.dropCallers(id);
    this.states = [...this.states.filter((s) => !s.spec.stored), ...kept];
    await Promise.all(fresh.map((s) => this.refreshOne(s).catch(() => undefined)));
  }

  /** Whether a provider configured by environment (or the local probe) has this id. */
  hasConfigured(id: string): boolean {
    return this.states.some((s) => !s.spec.stored && s.spec.id === id);
  }

  private dropCallers(providerId: string): void {
    for (const id of this.callers.keys()) if (id.startsWith(`${providerId}/`)) this.callers.delete(id);
  }

  private async refreshOne(state: ProviderState): Promise<void> {
    let health: ProviderHealth;
    try {
      state.models = await this.opts.listModels(state.spec, this.opts.listTimeoutMs);
      health = 'up';
    } catch (err) {
      health = err instanceof ProviderListError ? err.health : 'down';
      // A local Ollama that is not running is the normal case, not worth a warning every minute.
      if (state.health !== health && !state.spec.local)
        this.opts.logger.warn({ provider: state.spec.id, health }, 'model provider unavailable');
    }
    if (state.health !== health) {
      if (health === 'up')
        this.opts.logger.info({ provider: state.spec.id, models: state.models.length }, 'model provider up');
      this.opts.onHealth?.(state.spec, health);
    }
    state.health = health;
    state.checkedAt = new Date();
  }

  /** Every model that may be chosen: those listed, plus each provider's configured default. */
  models(): CatalogModel[] {
    const out: CatalogModel[] = [];
    for (const { spec, health, models } of this.states) {
      // A local Ollama that stopped answering offers nothing (nothing was configured to be there).
      if (spec.local && health !== 'up') continue;
      const names =
        spec.defaultModel && !models.includes(spec.defaultModel) ? [spec.defaultModel, ...models] : models;
      for (const model of offered(spec, names))
        out.push({ id: modelIdOf(spec.id, model), model, provider: spec, health });
    }
    return out;
  }

  /**
   * The model used when none is chosen: the first answering provider's default (or first) model; else
   * a configured default even if its provider is not known to answer (the call then fails clearly);
   * else none (the offline responder answers).
   */
  defaultModel(): CatalogModel | undefined {
    const all = this.models();
    for (const { spec, health, models } of this.states) {
      if (health !== 'up') continue;
      const name = spec.defaultModel ?? offered(spec, models)[0];
      if (name) return all.find((m) => m.id === modelIdOf(spec.id, name));
    }
    return all.find((m) => m.provider.defaultModel === m.model);
  }

  /** The model with this id if a provider offers it now. */
  find(id: string): CatalogModel | undefined {
    return this.models().find((m) => m.id === id);
  }

  /** The provider health as the admin and the picker see it. */
  health(): { spec: ProviderSpec; health: ProviderHealth; models: number; checkedAt: Date | null }[] {
    return this.states.map((s) => ({
      spec: s.spec,
      health: s.health,
      models: offered(s.spec, s.models).length,
      checkedAt: s.checkedAt,
    }));
  }

  /** The caller of one model (one SDK client per model, made once). */
  callerFor(model: CatalogModel): ModelProvider {
    let caller = this.callers.get(model.id);
    if (!caller) {
      caller = createOpenAiProvider({
        apiKey: apiKeyOf(model.provider),
        baseURL: chatBaseUrl(model.provider),
        model: model.model,
        ...this.opts.call,
        onFailure: (kind) => this.opts.onFailure?.(model.provider.id, kind),
      });
      this.callers.set(model.id, caller);
    }
    return caller;
  }
}
