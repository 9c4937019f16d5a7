import { create } from 'zustand';
import type { ShellView } from '@noek/contracts';

export type { ShellView };

/** Spec §2: admin, subscription and account views replace the chat at `/` without a route of their own. */
interface ViewState {
  view: ShellView;
  setView: (view: ShellView) => void;
}

export const useViewStore = create<ViewState>((set) => ({
  view: 'chat',
  setView: (view) => set({ view }),
}));
