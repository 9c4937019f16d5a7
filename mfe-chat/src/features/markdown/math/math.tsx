import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import type * as KatexRender from './katex-render';

type KatexModule = typeof KatexRender;
let katexModule: KatexModule | null = null;
let katexLoading: Promise<KatexModule> | null = null;
let katexFailed = false;
export function loadKatex(): Promise<KatexModule> {
  katexLoading ??= import(/* webpackChunkName: "katex" */ './katex-render').then(
    (m) => (katexModule = m),
    (err: unknown) => {
      katexFailed = true; // offline or blocked chunk: formulas stay as their source
      throw err;
    },
  );
  return katexLoading;
}
/** KaTeX has arrived, or will not. */
export const katexSettled = () => katexModule !== null || katexFailed;

/**
 * Whether `text` may hold a formula (a cheap superset of math-extension.ts's delimiters): a conversation
 * that may waits for KaTeX before it is shown, so no formula grows under the reader when KaTeX arrives.
 */
const MAY_HOLD_MATH = /\$\$|\\\[|\\\(|\$(?![\s$])[^\n$]+?(?<![\s\\])\$(?!\d)/;
export function mayHoldMath(text: string): boolean {
  return MAY_HOLD_MATH.test(text);
}

const sourceOf = (tex: string, display: boolean) => (display ? `$$${tex}$$` : `$${tex}$`);
const SOURCE_CLASS = 'chat-math--source';

/**
 * A formula. Until KaTeX has loaded (or if it cannot), and whenever the formula does not parse or
 * uses a refused command such as \href, the reader sees its TeX source, never an error box.
 */
export function MathFormula({ tex, display }: { tex: string; display: boolean }) {
  const ref = useRef<HTMLSpanElement>(null);
  const [ready, setReady] = useState(katexModule !== null);

  useEffect(() => {
    if (ready) return;
    let live = true;
    void loadKatex().then(
      () => live && setReady(true),
      () => undefined, // offline or blocked chunk: the source stays
    );
    return () => {
      live = false;
    };
  }, [ready]);

  // KaTeX owns this span's content once loaded; React renders it with the source and then leaves
  // it alone (the span has no React children after the first render, see below).
  useLayoutEffect(() => {
    const el = ref.current;
    if (!ready || !el || !katexModule) return;
    try {
      katexModule.renderTex(tex, el, display);
      el.classList.remove(SOURCE_CLASS);
    } catch {
      el.textContent = sourceOf(tex, display);
      el.classList.add(SOURCE_CLASS);
    }
  }, [ready, tex, display]);

  const className = `chat-math${display ? ' chat-math--display' : ''}`;
  return ready ? (
    <span ref={ref} className={className} />
  ) : (
    <code className={`${className} ${SOURCE_CLASS}`}>{sourceOf(tex, display)}</code>
  );
}
