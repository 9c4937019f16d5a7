import { useQuery } from '@tanstack/react-query';
import type { FeedbackCounts } from '@noek/contracts';
import { overviewApi } from './overview-api';

/** Share of thumbs up among the votes, as a whole percent ('–' with none). */
const upShare = (up: number, down: number) =>
  up + down === 0 ? '–' : `${Math.round((100 * up) / (up + down))} %`;

/** Thumbs up/down on replies per model that answered (each reply's last vote), most rated first. */
export function FeedbackTable({ counts }: { counts: FeedbackCounts }) {
  if (counts.length === 0) return <p className="noek-muted">No feedback on replies yet.</p>;
  return (
    <div className="overview__table-wrap">
      <table className="overview__table">
        <caption className="overview__sr-only">Feedback on replies per model</caption>
        <thead>
          <tr>
            <th scope="col">Model</th>
            <th scope="col">Thumbs up</th>
            <th scope="col">Thumbs down</th>
            <th scope="col">Up share</th>
          </tr>
        </thead>
        <tbody>
          {counts.map((c) => (
            <tr key={c.model}>
              <th scope="row">{c.model}</th>
              <td>{c.up.toLocaleString('en')}</td>
              <td>{c.down.toLocaleString('en')}</td>
              <td>{upShare(c.up, c.down)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The overview's feedback card: all time (votes are counted as they stand, not per day). */
export function FeedbackCard() {
  const feedback = useQuery({ queryKey: ['admin', 'feedback'], queryFn: () => overviewApi.feedback() });
  return (
    <section className="overview__card" aria-label="Feedback" data-testid="overview-card-feedback">
      <header className="overview__card-header">
        <h2>Feedback</h2>
      </header>
      <p className="noek-muted">Thumbs up and down on replies per model, all time.</p>
      {feedback.isError ? (
        <p className="noek-muted" role="alert">
          The feedback could not be loaded: {feedback.error.message}
        </p>
      ) : !feedback.data ? (
        <p className="noek-muted">Loading the feedback…</p>
      ) : (
        <FeedbackTable counts={feedback.data} />
      )}
    </section>
  );
}
