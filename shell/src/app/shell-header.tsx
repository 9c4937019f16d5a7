import type { RemoteName, RemoteProps } from '@noek/contracts';
import { ThemeToggle } from '@noek/ui';

/**
 * The shell's own header, shown above the fallback of a remote that draws the whole page (the chat,
 * admin, subscription screens each bring their own header): when that remote cannot load, the user can
 * still sign out, change the theme and, from admin or subscription, go back to the chat.
 */
export function ShellHeader({ name, props }: { name: RemoteName; props: RemoteProps }) {
  const { user, host } = props;
  if (!user) return null;
  const backToChat = () => {
    host.setView('chat');
    host.navigate('/');
  };
  return (
    <header className="shell-header" data-testid="shell-header">
      <span className="shell-header__logo">Noek</span>
      <span className="shell-header__spacer" />
      <span className="shell-header__user">
        <span className="shell-header__name">{user.name}</span>
        <span className="shell-header__email">{user.email}</span>
      </span>
      {name !== 'chat' && (
        <button type="button" className="noek-btn noek-btn-outline" onClick={backToChat}>
          Back to Chat
        </button>
      )}
      <ThemeToggle />
      <button type="button" className="noek-btn noek-btn-outline" onClick={host.signOut}>
        Sign out
      </button>
    </header>
  );
}
