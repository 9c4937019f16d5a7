import type { RemoteProps } from '@noek/contracts';

/** Exposed as ./App: the admin dashboard (placeholder), shown in place of the chat for admins. */
export default function AdminApp({ host }: RemoteProps) {
  return (
    <main className="noek-center" data-testid="mfe-admin">
      <div className="noek-stack" style={{ textAlign: 'center' }}>
        <h1>Admin</h1>
        <div>
          <button type="button" className="noek-btn noek-btn-outline" onClick={() => host.setView('chat')}>
            Back to Chat
          </button>
        </div>
      </div>
    </main>
  );
}
