import { isUpgradeOffered, type User } from '@noek/contracts';
import { ThemeToggle } from '@noek/ui';
import { Icon, type IconName } from '../icons/icons';

export interface ChatHeaderProps {
  user: User;
  title: string;
  /** This conversation's system prompt, shown as a badge when set (only its owner sees it). */
  systemPrompt?: string | null;
  funMode: boolean;
  hasConversation: boolean;
  onToggleSidebar: () => void;
  onClear: () => void;
  /** Absent handlers hide their buttons (spec §2 visibility rules). */
  onSubscribe?: () => void;
  onOpenAdmin?: () => void;
  onOpenAccount: () => void;
  onSignOut: () => void;
}

/**
 * Spec §2 header: menu toggle (mobile), logo, title, 'Fun Mode' badge when on, 'Upgrade to SuperNoek'
 * (no level or basic, and a subscribe handler), account chip (name, email → account), clear-conversation
 * (only with an active conversation), theme toggle, 'Admin' (admin handler only; hidden on small
 * screens by CSS), sign-out. Under 480 px the logo goes, Upgrade and the account chip shrink to icons
 * (their names stay) and the title takes what is left, so sign-out stays on screen at 360 px.
 */
export function ChatHeader(p: ChatHeaderProps) {
  return (
    <header className="chat-header">
      <button
        type="button"
        className="chat-header__menu noek-btn noek-btn-ghost"
        aria-label="Toggle sidebar"
        onClick={p.onToggleSidebar}
      >
        <Icon name="menu" size={18} />
      </button>
      <span className="chat-header__logo" aria-label="Noek">
        Noek
      </span>
      <h1 className="chat-header__title">{p.title}</h1>
      {p.systemPrompt && (
        <span className="chat-badge" title={p.systemPrompt} data-testid="system-prompt-badge">
          System prompt<span className="noek-visually-hidden">: {p.systemPrompt}</span>
        </span>
      )}
      {p.funMode && (
        <span className="chat-badge" data-testid="fun-mode-badge">
          Fun Mode
        </span>
      )}
      <span className="chat-header__spacer" />
      {p.onSubscribe && isUpgradeOffered(p.user.accessLevel) && (
        <button
          type="button"
          className="noek-btn chat-header__upgrade"
          aria-label="Upgrade to SuperNoek"
          onClick={p.onSubscribe}
        >
          <Icon name="sparkles" />
          <span className="chat-header__label">Upgrade to SuperNoek</span>
        </button>
      )}
      {/* Named by its visible text (WCAG 2.5.3), after a hidden 'Account' that says what it opens. */}
      <button type="button" className="chat-account" onClick={p.onOpenAccount}>
        <span className="noek-visually-hidden">Account</span>
        <span className="chat-account__avatar" aria-hidden="true">
          {p.user.name.trim().charAt(0).toUpperCase() || '?'}
        </span>
        <span className="chat-account__name">{p.user.name}</span>
        <span className="chat-account__email">{p.user.email}</span>
      </button>
      {p.hasConversation && <GhostIconButton label="Clear conversation" icon="clear" onClick={p.onClear} />}
      <ThemeToggle />
      {p.onOpenAdmin && (
        <button
          type="button"
          className="noek-btn noek-btn-outline chat-header__admin"
          onClick={p.onOpenAdmin}
        >
          Admin
        </button>
      )}
      <GhostIconButton label="Sign out" icon="signOut" onClick={p.onSignOut} />
    </header>
  );
}

/** An icon-only header button, named by its label (also its tooltip). */
function GhostIconButton({ label, icon, onClick }: { label: string; icon: IconName; onClick: () => void }) {
  return (
    <button
      type="button"
      className="noek-btn noek-btn-ghost"
      aria-label={label}
      title={label}
      onClick={onClick}
    >
      <Icon name={icon} />
    </button>
  );
}
