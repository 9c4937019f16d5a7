import { useState, type ReactNode } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { HostApi, User } from '@noek/contracts';
import { ActivePlanCard } from './active-plan-card';
import { serverMessage, statusOf } from './error-message';
import { PaymentForm } from './payment-form';
import { PlanComparison } from './plan-comparison';
import { subscriptionApi } from './subscription-api';
import { billingKeys } from './query-keys';
import { usePaymentConfig, useSubscriptionStatus } from './use-subscription';

const CREATE_FAILED = 'Unable to create subscription. Please try again.';
const OFFLINE = 'Unable to connect to payment system. Please try again.';

/** The view toggled in place of the chat (spec §2) has a heading and its way back, like admin and account. */
function Screen({ onBack, children }: { onBack: () => void; children: ReactNode }) {
  return (
    <div className="noek-stack">
      <header className="billing-header">
        <h1>Plans</h1>
        <button type="button" className="noek-btn noek-btn-ghost" onClick={onBack}>
          Back to Chat
        </button>
      </header>
      {children}
    </div>
  );
}

/** Spec §2/§4 subscription screen: loading, plans, payment form, active. */
export function SubscriptionScreen({ user, host }: { user: User; host: HostApi }) {
  const back = () => {
    host.setView('chat');
    host.navigate('/');
  };
  return (
    <Screen onBack={back}>
      <SubscriptionState user={user} host={host} />
    </Screen>
  );
}

function SubscriptionState({ user, host }: { user: User; host: HostApi }) {
  const status = useSubscriptionStatus();
  const config = usePaymentConfig();
  const queryClient = useQueryClient();
  const [clientSecret, setClientSecret] = useState<string | null>(null);
  const subscribe = useMutation({
    mutationFn: subscriptionApi.subscribe,
    onSuccess: (answer) => {
      setClientSecret(answer.clientSecret);
      host.toast({ title: 'Payment Form Ready', description: 'Enter your card details to upgrade.' });
    },
    onError: (err) => {
      if (statusOf(err) === 409) void queryClient.invalidateQueries({ queryKey: billingKeys.status });
      host.toast({ title: serverMessage(err, CREATE_FAILED, OFFLINE), variant: 'destructive' });
    },
  });
  if (status.isPending || config.isPending) {
    return <div className="noek-spinner" aria-label="Loading" data-testid="subscription-loading" />;
  }
  if (status.isError || config.isError) {
    const err = status.error ?? config.error;
    return (
      <div className="noek-card noek-stack" role="alert">
        <p>{serverMessage(err, OFFLINE, OFFLINE)}</p>
        <div>
          <button
            type="button"
            className="noek-btn"
            onClick={() => void status.refetch().then(() => config.refetch())}
          >
            Try again
          </button>
        </div>
      </div>
    );
  }
  if (status.data.isActive || user.accessLevel === 'supernoek') {
    return <ActivePlanCard status={status.data.isActive ? status.data : null} />;
  }
  if (clientSecret) {
    return (
      <PaymentForm
        config={config.data}
        clientSecret={clientSecret}
        onPaid={() => {
          queryClient.removeQueries({ queryKey: billingKeys.lastDecline });
          host.navigate('/success');
        }}
        onFailed={(message) => {
          // Kept for the account screen, which then names the decline (the status says only 'incomplete').
          queryClient.setQueryData(billingKeys.lastDecline, message);
          host.toast({ title: 'Payment Failed', description: message, variant: 'destructive' });
        }}
      />
    );
  }
  return (
    <PlanComparison
      onBasic={!user.accessLevel || user.accessLevel === 'basic'}
      priceAmount={config.data.priceAmount}
      currency={config.data.currency}
      pending={subscribe.isPending}
      onUpgrade={() => subscribe.mutate()}
    />
  );
}
