import type { TokenUsageRow } from '@noek/contracts';

const n = (v: number) => v.toLocaleString('en');
/** Model ids are `<provider>/<model>`: the table says both, the model first. */
const modelLabel = (id: string) => {
  const slash = id.indexOf('/');
  return slash < 0 ? id : `${id.slice(slash + 1)} (${id.slice(0, slash)})`;
};

/** A user's replies and tokens per day and model, newest day first, with the period's totals below. */
export function TokensTable(props: { rows: TokenUsageRow[]; caption: string }) {
  const { rows, caption } = props;
  const total = rows.reduce(
    (t, r) => ({
      replies: t.replies + r.replies,
      prompt: t.prompt + r.promptTokens,
      completion: t.completion + r.completionTokens,
    }),
    { replies: 0, prompt: 0, completion: 0 },
  );
  return (
    // A narrow screen scrolls the table inside the dialog, never the page.
    <div className="admin-tokens__wrap" tabIndex={0} role="region" aria-label={caption}>
      <table className="admin-tokens" data-testid="admin-tokens-table">
        <caption className="noek-visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Day (UTC)</th>
            <th scope="col">Model</th>
            <th scope="col">Replies</th>
            <th scope="col">Prompt tokens</th>
            <th scope="col">Completion tokens</th>
            <th scope="col">Total tokens</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={`${r.day}|${r.model}`}>
              <th scope="row">{r.day}</th>
              <td className="admin-tokens__model">{modelLabel(r.model)}</td>
              <td>{n(r.replies)}</td>
              <td>{n(r.promptTokens)}</td>
              <td>{n(r.completionTokens)}</td>
              <td>{n(r.promptTokens + r.completionTokens)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" colSpan={2}>
              Total
            </th>
            <td>{n(total.replies)}</td>
            <td>{n(total.prompt)}</td>
            <td>{n(total.completion)}</td>
            <td>{n(total.prompt + total.completion)}</td>
          </tr>
        </tfoot>
      </table>
    </div>
  );
}
