import type { User } from '../entities/user.schema';
import type { ToastInput } from './toast.schema';

/** Site variant chosen by hostname (spec §2). */
export type SiteVariant = 'chat' | 'marketing';

/** Spec §2: views toggled in place of the chat at `/` (a shell view state, not a route). */
export type ShellView = 'chat' | 'admin' | 'account' | 'subscription';

/**
 * What the shell lets a remote do. Functions, so a TypeScript interface rather than a wire schema:
 * it crosses a module-federation boundary inside one page, never the network.
 */
export interface HostApi {
  navigate: (to: string, options?: { replace?: boolean }) => void;
  /** Spec §9: at most one toast; a new one replaces the old. */
  toast: (toast: ToastInput) => void;
  setView: (view: ShellView) => void;
  /** Store (or clear) the signed-in user record, e.g. after login or a profile change. */
  setUser: (user: User | null) => void;
  /** Clear the local session and return to `/` (the auth feature adds the server call). */
  signOut: () => void;
  /**
   * Go to a page of the other site (chat <-> marketing, spec §4): while signed in the URL carries the
   * signed single-use handoff (`auth_token`, `auth_action=login`), so the user arrives signed in.
   * Optional: a host without a second site may leave it out (remotes then use a plain link).
   */
  openSite?: (url: string) => void;
}

/** The single prop object the shell passes to every remote's `./App`. */
export interface RemoteProps {
  site: SiteVariant;
  user: User | null;
  view: ShellView;
  /** Which screen of a multi-screen remote: billing 'subscribe' | 'success' | 'account'. */
  screen?: string;
  /** Route params, e.g. { conversationId: '42' } on /chat/42. */
  params: Readonly<Record<string, string | undefined>>;
  /** The other site's base URL for cross-site links, when configured (config.json). */
  siteUrls: { chat?: string; marketing?: string };
  host: HostApi;
}
