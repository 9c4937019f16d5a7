import { MAX_SELECTED_CONVERSATIONS } from '@noek/contracts';

/** Spec §5: at most 10 selected; a further checkbox is disabled (so toggling it on changes nothing). */
export function toggleSelection(selected: ReadonlySet<number>, id: number): Set<number> {
  const next = new Set(selected);
  if (next.has(id)) next.delete(id);
  else if (next.size < MAX_SELECTED_CONVERSATIONS) next.add(id);
  return next;
}

export function isSelectionFull(selected: ReadonlySet<number>): boolean {
  return selected.size >= MAX_SELECTED_CONVERSATIONS;
}

/** Spec §4/§5: Enter or blur saves the trimmed title, only when non-empty and changed. */
export function titleToSave(draft: string, current: string): string | null {
  const title = draft.trim();
  return title.length > 0 && title !== current ? title : null;
}
