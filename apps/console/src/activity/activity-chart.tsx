/**
 * @module activity-chart — one time-series chart drawn by uPlot (a canvas: 23 KB gzipped, loaded
 * only with the activity page's chunk) as grouped bars: each series has its own slot in every
 * bucket, so equal counts stand side by side instead of one line hiding another. The canvas is
 * hidden from screen readers: the figure's caption says what it shows, the legend names each
 * colour with its total, and the table beside it has every figure. uPlot's own legend shows the
 * values under the cursor ("--" with none) and is not used.
 */
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { dayTick } from '../lib/activity-series.js';
import { barSlot, bucketSeconds } from './chart-bars.js';
import { CHART_COLOURS, ChartLegend } from './chart-legend.js';

export interface ChartSeries {
  label: string;
  values: number[];
}

const DAY = 24 * 60 * 60;

export function ActivityChart(props: { times: number[]; series: ChartSeries[]; bucket: 'hour' | 'day' }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const width = () => Math.max(240, element.clientWidth);
    const bucket = bucketSeconds(props.bucket);
    const bars = (index: number) => {
      const slot = barSlot(index, props.series.length, bucket);
      return uPlot.paths.bars?.({
        disp: {
          x0: { unit: 1, values: (u) => (u.data[0] as number[]).map((t) => t + slot.offset) },
          size: { unit: 1, values: (u) => (u.data[0] as number[]).map(() => slot.width) },
        },
      });
    };
    const chart = new uPlot(
      {
        width: width(),
        height: 220,
        legend: { show: false },
        cursor: { points: { show: false } },
        scales: {
          // Half a bucket either side, so the first and last groups of bars are whole.
          x: { time: true, range: (_u, min, max) => [min - bucket / 2, max + bucket / 2] },
          y: { range: (_u, _min, max) => [0, Math.max(4, Math.ceil(max * 1.1))] },
        },
        axes: [
          props.bucket === 'day'
            ? {
                stroke: '#333',
                grid: { stroke: '#eee' },
                // Ticks on whole days, named as the table names them ("27 Nov"), not uPlot's
                // "12pm" ticks between the days' bars.
                incrs: [DAY, 2 * DAY, 7 * DAY, 14 * DAY],
                values: (_u, ticks) => ticks.map(dayTick),
              }
            : { stroke: '#333', grid: { stroke: '#eee' } },
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
            stroke: CHART_COLOURS[i % CHART_COLOURS.length],
            fill: CHART_COLOURS[i % CHART_COLOURS.length],
            width: 0,
            paths: bars(i),
            points: { show: false },
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
  return (
    <>
      <div className="activity-chart" ref={box} aria-hidden="true" />
      <ChartLegend series={props.series} colours={CHART_COLOURS} />
    </>
  );
}
