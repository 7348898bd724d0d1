/**
 * @module chart-legend — what each bar of a chart is: its colour, its name and its total in the
 * window, in the order the bars stand in each bucket (so position, not only colour, tells them apart).
 */
import type { ChartSeries } from './activity-chart.js';

/** The series' colours, in order: each 3:1 or more on white (WCAG non-text contrast). */
export const CHART_COLOURS = [
  '#1d3fbb',
  '#b3261e',
  '#0b7a43',
  '#8a4b00',
  '#6b2fa3',
  '#005f73',
  '#444',
] as const;

export function ChartLegend({ series, colours }: { series: ChartSeries[]; colours: readonly string[] }) {
  return (
    <ul className="chart-legend" aria-label="Legend, in the order of the bars">
      {series.map((s, i) => (
        <li key={s.label}>
          <span
            className="chart-swatch"
            style={{ background: colours[i % colours.length] }}
            aria-hidden="true"
          />
          {s.label} <span className="hint">({s.values.reduce((sum, n) => sum + n, 0)})</span>
        </li>
      ))}
    </ul>
  );
}
