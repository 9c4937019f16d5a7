import { ConfirmDialog } from '@noek/ui';

/** The confirmation before a cancel: it says until when the plan stays, and that it will not renew. */
export function ConfirmCancel(p: { until: string; pending: boolean; onYes(): void; onNo(): void }) {
  return (
    <ConfirmDialog
      title="Cancel subscription"
      message={`Cancel SuperNoek? You keep it until ${p.until}, and it will not renew.`}
      confirmLabel="Cancel Subscription"
      cancelLabel="Keep SuperNoek"
      danger
      busy={p.pending}
      onConfirm={p.onYes}
      onCancel={p.onNo}
      testId="confirm-cancel"
      confirmTestId="confirm-cancel-yes"
    />
  );
}
