import { create } from 'zustand';
import type { ToastInput } from '@noek/contracts';
import { MAX_TOASTS } from '@noek/contracts/constants';

export interface Toast extends ToastInput {
  id: number;
}

interface ToastState {
  toasts: Toast[];
  show: (input: ToastInput) => number;
  dismiss: (id?: number) => void;
}

/** How long a toast stays when the caller gives no duration. */
export const defaultToastDurationMs = 5000;

let nextId = 1;
const timers = new Map<number, ReturnType<typeof setTimeout>>();

function clearTimer(id: number): void {
  clearTimeout(timers.get(id));
  timers.delete(id);
}

export const useToastStore = create<ToastState>((set, get) => ({
  toasts: [],
  show: (input) => {
    const id = nextId++;
    // Spec §9: at most one toast; the newest wins and the older ones go with their timers.
    const kept = [...get().toasts, { ...input, id }].slice(-MAX_TOASTS);
    for (const t of get().toasts) if (!kept.includes(t)) clearTimer(t.id);
    set({ toasts: kept });
    const duration = input.durationMs ?? defaultToastDurationMs;
    if (duration > 0)
      timers.set(
        id,
        setTimeout(() => get().dismiss(id), duration),
      );
    return id;
  },
  dismiss: (id) => {
    const gone = get().toasts.filter((t) => id === undefined || t.id === id);
    gone.forEach((t) => clearTimer(t.id));
    set({ toasts: get().toasts.filter((t) => !gone.includes(t)) });
  },
}));

/** Imperative API for code outside React (and what the host API hands to remotes). */
export const toast = (input: ToastInput): number => useToastStore.getState().show(input);
export const dismissToast = (id?: number): void => useToastStore.getState().dismiss(id);
