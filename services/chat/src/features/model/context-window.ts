/**
 * Context windows (tokens) of common models, by name pattern, first match wins. Local servers may run
 * a model with a smaller window than it supports (Ollama's own default is small): those fall back to
 * the configured default, as do names not listed here.
 */
const KNOWN_WINDOWS: [RegExp, number][] = [
  [/gpt-4\.1/, 1_000_000],
  [/gpt-4o|gpt-4-turbo|gpt-5|(^|\/)o[134]\b/, 128_000],
  [/gpt-3\.5/, 16_385],
  [/gpt-4/, 8_192],
  [/claude/, 200_000],
  [/gemini/, 1_000_000],
  [/mistral-large|mistral-small|mixtral/, 32_768],
];

export function contextWindowOf(model: string, isLocal: boolean, fallback: number): number {
  if (isLocal) return fallback;
  for (const [pattern, window] of KNOWN_WINDOWS) if (pattern.test(model)) return window;
  return fallback;
}
