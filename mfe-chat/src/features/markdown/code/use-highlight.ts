import { startTransition, useEffect, useMemo, useState } from 'react';
import { grammarName } from './grammars';
import type * as HighlighterModuleNs from './highlighter';
import type { Segment } from './highlighter';

type HighlighterModule = typeof HighlighterModuleNs;

// highlight.js core is fetched with the first code block that names a grammar we have.
let loaded: HighlighterModule | null = null;
let loading: Promise<HighlighterModule> | null = null;
export function loadHighlighter(): Promise<HighlighterModule> {
  loading ??= import(/* webpackChunkName: "highlight" */ './highlighter').then((m) => (loaded = m));
  return loading;
}

export interface Highlighted {
  frozen: Segment[];
  tail: Segment;
}

/**
 * The highlighted segments of a code block, or null while highlight.js or the grammar is loading (or
 * the language is unknown): the block then shows plain text. Highlighting runs in render once both are
 * there, through one StreamingHighlight per block, so a growing block re-highlights only its tail.
 */
export function useHighlight(lang: string, code: string): Highlighted | null {
  const name = grammarName(lang);
  const [, setReady] = useState(0);
  const ready = name !== null && loaded !== null && loaded.isGrammarLoaded(name);

  useEffect(() => {
    if (name === null || ready) return;
    let live = true;
    loadHighlighter()
      .then((m) => m.loadGrammar(name))
      // A transition: the blocks shown re-render highlighted in slices, not in one long task.
      .then(() => live && startTransition(() => setReady((n) => n + 1)))
      .catch(() => {
        /* offline or blocked chunk: the block stays plain text, still readable and copyable */
      });
    return () => {
      live = false;
    };
  }, [name, ready]);

  const streaming = useMemo(
    () => (ready && name !== null && loaded ? new loaded.StreamingHighlight(name) : null),
    [ready, name],
  );
  return useMemo(() => streaming?.update(code) ?? null, [streaming, code]);
}
