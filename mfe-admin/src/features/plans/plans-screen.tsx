import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AccessLevel, HostApi, UpdatePlanRequest } from '@noek/contracts';
import { serverMessage } from '@noek/ui';
import { PlanForm } from './plan-form';
import { plansApi } from './plans-api';
import { SharingToggle } from './sharing-toggle';
import './plans.css';

const plansKey = ['admin', 'plans'] as const;

/** Plan settings: each level's limits; a save applies to chat's next message. */
export function PlansScreen({ host }: { host: HostApi }) {
  const client = useQueryClient();
  const plans = useQuery({ queryKey: plansKey, queryFn: plansApi.list });
  const save = useMutation({
    mutationFn: ({ level, body }: { level: AccessLevel; body: UpdatePlanRequest }) =>
      plansApi.update(level, body),
    onSuccess: (plan) => {
      host.toast({ title: 'Plan Updated', description: `The ${plan.level} plan's limits apply now.` });
      return client.invalidateQueries({ queryKey: plansKey });
    },
    onError: (err) =>
      host.toast({
        title: 'Error',
        description: serverMessage(err, 'Failed to update plan'),
        variant: 'destructive',
      }),
  });
  if (plans.isError) return <p role="alert">The plans could not be loaded: {plans.error.message}</p>;
  if (!plans.data) return <p className="noek-muted">Loading the plans…</p>;
  return (
    <div className="plans" data-testid="admin-plans">
      <SharingToggle host={host} />
      {plans.data.map((plan) => (
        <PlanForm
          key={`${plan.level}-${plan.updatedAt ?? 'default'}`}
          plan={plan}
          onSave={async (body) => {
            await save.mutateAsync({ level: plan.level, body }).catch(() => undefined);
          }}
        />
      ))}
    </div>
  );
}
