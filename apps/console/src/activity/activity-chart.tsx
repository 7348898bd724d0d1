/**
 * @module activity-chart — one time-series chart drawn by uPlot (a canvas: 23 KB gzipped, loaded
 * only with the activity page's chunk). The canvas is hidden from screen readers: the figure's
 * caption says what it shows and the table beside it has every figure. Each series differs by
 * dash and point shape as well as colour, so colour is never the only cue.
 */
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

export interface ChartSeries {
  label: string;
  values: number[];
}

const COLOURS = ['#1d3fbb', '#b3261e', '#0b7a43', '#8a4b00', '#6b2fa3', '#005f73', '#444'];
const DASHES: number[][] = [[], [8, 4], [2, 3], [12, 3, 2, 3], [4, 4], [1, 6], [10, 10]];
const POINTS = [5, 7, 5, 7, 5, 7, 5];

export function ActivityChart(props: { times: number[]; series: ChartSeries[]; bucket: 'hour' | 'day' }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const width = () => Math.max(240, element.clientWidth);
    const chart = new uPlot(
      {
        width: width(),
        height: 220,
        scales: {
          x: { time: true },
          y: { range: (_u, _min, max) => [0, Math.max(4, Math.ceil(max * 1.1))] },
        },
        axes: [
          { stroke: '#333', grid: { stroke: '#eee' } },
          {
            stroke: '#333',
            grid: { stroke: '#eee' },
            values: (_u, ticks) => ticks.map((t) => (Number.isInteger(t) ? String(t) : '')),
          },
        ],
        tzDate: (ts) => uPlot.tzDate(new Date(ts * 1000), 'Etc/UTC'),
        series: [
          { label: props.bucket === 'hour' ? 'Hour (UTC)' : 'Day (UTC)' },
          ...props.series.map((s, i) => ({
            label: s.label,
            stroke: COLOURS[i % COLOURS.length],
            width: 2,
            dash: DASHES[i % DASHES.length],
            points: {
              show: true,
              size: POINTS[i % POINTS.length],
              fill: i % 2 ? '#fff' : COLOURS[i % COLOURS.length],
            },
          })),
        ],
      },
      [props.times, ...props.series.map((s) => s.values)],
      element,
    );
    const resize = new ResizeObserver(() => chart.setSize({ width: width(), height: 220 }));
    resize.observe(element);
    return () => {
      resize.disconnect();
      chart.destroy();
    };
  }, [props.times, props.series, props.bucket]);
  return <div className="activity-chart" ref={box} aria-hidden="true" />;
}
