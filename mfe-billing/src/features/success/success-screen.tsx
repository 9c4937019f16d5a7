import { useEffect, useRef } from 'react';
import { isUpgradeOffered, SUPERNOEK_PLAN_DISPLAY_LIMIT, type HostApi } from '@noek/contracts';
import { subscriptionApi } from '../subscription/subscription-api';
import { useSubscriptionStatus } from '../subscription/use-subscription';
import { Confetti } from './confetti';

/** The user record as auth holds it once the plan landed there (the header then drops its upgrade offer). */
async function refreshUser(host: HostApi): Promise<void> {
  for (let attempt = 0; attempt < 20; attempt++) {
    const { user } = await subscriptionApi.me();
    if (!isUpgradeOffered(user.accessLevel) || attempt === 19) return host.setUser(user);
    await new Promise((r) => setTimeout(r, 500));
  }
}

/**
 * /success after paying: waits for the plan to become active (the provider's webhook can lag, and says
 * so), then welcomes the user with 3 seconds of confetti.
 */
export function SuccessScreen({ host }: { host: HostApi }) {
  const failed = new URLSearchParams(window.location.search).get('redirect_status') === 'failed';
  const status = useSubscriptionStatus(failed ? false : 1000);
  const active = status.data?.isActive === true;
  const welcomed = useRef(false);
  useEffect(() => {
    if (!active || welcomed.current) return;
    welcomed.current = true;
    host.toast({ title: 'Welcome to SuperNoek!', description: 'Your SuperNoek plan is active.' });
    void refreshUser(host).catch(() => undefined);
  }, [active, host]);

  if (failed) {
    return (
      <main className="noek-center" data-testid="success-screen">
        <div className="noek-card noek-stack">
          <h1>Payment Failed</h1>
          <p>Your payment was not completed. No money was taken.</p>
          <button type="button" className="noek-btn" onClick={() => host.navigate('/subscribe')}>
            Try again
          </button>
        </div>
      </main>
    );
  }
  return (
    <main className="noek-center" data-testid="success-screen">
      {active && <Confetti />}
      <div className="noek-card noek-stack billing-success">
        {active ? (
          <>
            <h1>Welcome to SuperNoek!</h1>
            <p>Your plan is active: {SUPERNOEK_PLAN_DISPLAY_LIMIT}.</p>
            <div>
              <button
                type="button"
                className="noek-btn"
                onClick={() => {
                  host.setView('chat');
                  host.navigate('/');
                }}
                data-testid="start-chatting"
              >
                Start Chatting
              </button>
            </div>
          </>
        ) : (
          <>
            <h1>Confirming your payment…</h1>
            <p className="noek-muted" data-testid="success-waiting">
              Waiting for the payment provider to confirm your subscription. This usually takes a few seconds.
            </p>
            <div className="noek-spinner" aria-label="Waiting" />
          </>
        )}
      </div>
    </main>
  );
}
