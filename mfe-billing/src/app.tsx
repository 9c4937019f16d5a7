import type { RemoteProps } from '@noek/contracts';

const headings: Record<string, string> = {
  subscribe: 'Subscription',
  success: 'Welcome to SuperNoek!',
  account: 'Account',
};

/** Exposed as ./App: subscription, post-payment and account screens (placeholder), chosen by `screen`. */
export default function BillingApp({ screen = 'subscribe', host }: RemoteProps) {
  return (
    <main className="noek-center" data-testid="mfe-billing" data-screen={screen}>
      <div className="noek-stack" style={{ textAlign: 'center' }}>
        <h1>Billing</h1>
        <p className="noek-muted">{headings[screen] ?? headings.subscribe}</p>
        <div>
          <button type="button" className="noek-btn noek-btn-outline" onClick={() => host.setView('chat')}>
            Back to Chat
          </button>
        </div>
      </div>
    </main>
  );
}
