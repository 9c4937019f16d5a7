import type { OverviewSeries } from '@noek/contracts';

/** The accessible view of a chart: the same figures, one row per day. */
export function OverviewTable({
  title,
  days,
  series,
}: {
  title: string;
  days: string[];
  series: OverviewSeries[];
}) {
  return (
    <div className="overview__table-wrap">
      <table className="overview__table">
        <caption className="overview__sr-only">{title}</caption>
        <thead>
          <tr>
            <th scope="col">Day</th>
            {series.map((s) => (
              <th scope="col" key={s.key}>
                {s.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {days.map((day, i) => (
            <tr key={day}>
              <th scope="row">{day}</th>
              {series.map((s) => (
                <td key={s.key}>{(s.values[i] ?? 0).toLocaleString('en')}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
