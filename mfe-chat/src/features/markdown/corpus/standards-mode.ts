/**
 * KaTeX refuses to render in quirks mode (document.compatMode), and happy-dom's test document is in
 * quirks mode with no way to re-parse it: declare standards mode, as every real page of ours is.
 */
export function ensureStandardsMode(): void {
  if (document.compatMode !== 'CSS1Compat')
    Object.defineProperty(document, 'compatMode', { value: 'CSS1Compat', configurable: true });
}
