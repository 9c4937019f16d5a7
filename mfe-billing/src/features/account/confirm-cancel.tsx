/** The confirmation before a cancel: it says until when the plan stays, and that it will not renew. */
export function ConfirmCancel(p: { until: string; pending: boolean; onYes(): void; onNo(): void }) {
  return (
    <div
      className="noek-card noek-stack"
      role="alertdialog"
      aria-label="Cancel subscription"
      data-testid="confirm-cancel"
    >
      <p>Cancel SuperNoek? You keep it until {p.until}, and it will not renew.</p>
      <div className="noek-row">
        <button
          type="button"
          className="noek-btn noek-btn-danger"
          disabled={p.pending}
          onClick={p.onYes}
          data-testid="confirm-cancel-yes"
        >
          Cancel Subscription
        </button>
        <button type="button" className="noek-btn noek-btn-outline" onClick={p.onNo}>
          Keep SuperNoek
        </button>
      </div>
    </div>
  );
}
