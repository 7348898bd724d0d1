/**
 * @module activity-table — a chart's figures as a table (its accessible equivalent), the busiest
 * buckets' rows only shown until asked for all. At 360 px a table of many series is wider than the
 * screen: it scrolls sideways inside a labelled region that takes focus, so the arrow keys scroll it.
 */
import { useState } from 'react';
import type { ChartSeries } from './activity-chart.js';

export function ActivityTable(props: {
  caption: string;
  /** The scrolling region's name, unique on the page ("Sign-in figures"): axe wants landmarks told apart. */
  regionLabel: string;
  labels: string[];
  series: ChartSeries[];
  bucket: 'hour' | 'day';
}) {
  const [all, setAll] = useState(false);
  // Newest first, as people read a log; empty buckets hidden unless asked for.
  const rows = props.labels
    .map((label, i) => ({ label, values: props.series.map((s) => s.values[i] ?? 0) }))
    .reverse();
  const busy = rows.filter((row) => row.values.some((v) => v > 0));
  // An all-zero window is its empty state alone: "Show all" would only list zeros.
  const expandable = busy.length > 0 && busy.length < rows.length;
  const shown = all && expandable ? rows : busy;
  const per = props.bucket === 'hour' ? 'hour' : 'day';
  return (
    <>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard to be scrolled (WCAG 2.1.1). */}
      <section className="table-scroll" aria-label={`${props.regionLabel} per ${per} (UTC)`} tabIndex={0}>
        <table className="data-table">
          <caption className="visually-hidden">
            {props.caption}, per {props.bucket} (UTC)
          </caption>
          <thead>
            <tr>
              <th scope="col">{props.bucket === 'hour' ? 'Hour (UTC)' : 'Day (UTC)'}</th>
              {props.series.map((s) => (
                <th scope="col" key={s.label}>
                  {s.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {shown.map((row) => (
              <tr key={row.label}>
                <th scope="row">{row.label}</th>
                {row.values.map((v, i) => (
                  <td key={props.series[i]?.label}>{v}</td>
                ))}
              </tr>
            ))}
            {shown.length === 0 && (
              <tr>
                <td className="empty-row" colSpan={props.series.length + 1}>
                  Nothing in this window.
                </td>
              </tr>
            )}
          </tbody>
        </table>
      </section>
      {expandable && (
        <button type="button" className="link-button" aria-pressed={all} onClick={() => setAll(!all)}>
          {all ? 'Show only the busy rows' : `Show all ${rows.length} rows`}
        </button>
      )}
    </>
  );
}
