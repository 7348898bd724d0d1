// The charts' legend names every series with its real colour and its total (uPlot's own legend
// read "--" when no bar was hovered), and the bars of one bucket stand side by side, so a series
// is never drawn over another.
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { barSlot, bucketSeconds } from './chart-bars.js';
import { CHART_COLOURS, ChartLegend } from './chart-legend.js';

afterEach(cleanup);

describe('ChartLegend', () => {
  it('names each series with its colour and total, in the order of the bars', () => {
    render(
      <ChartLegend
        colours={CHART_COLOURS}
        series={[
          { label: 'Password', values: [1, 0, 2] },
          { label: 'OAuth', values: [1, 0, 0] },
        ]}
      />,
    );
    const items = within(screen.getByRole('list', { name: /Legend/ })).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual(['Password (3)', 'OAuth (1)']);
    const swatches = items.map(
      (item) => (item.querySelector('.chart-swatch') as HTMLElement).style.background,
    );
    expect(swatches).toEqual(['rgb(29, 63, 187)', 'rgb(179, 38, 30)']);
    expect(document.body.textContent).not.toContain('--');
  });
});

describe('barSlot', () => {
  it('gives each series its own part of the bucket, in order, with none overlapping', () => {
    for (const count of [1, 2, 4, 7]) {
      const bucket = bucketSeconds('hour');
      const slots = Array.from({ length: count }, (_, i) => barSlot(i, count, bucket));
      for (const [i, slot] of slots.entries()) {
        expect(slot.width).toBeGreaterThan(0);
        expect(slot.offset).toBeGreaterThanOrEqual(-bucket / 2);
        expect(slot.offset + slot.width).toBeLessThanOrEqual(bucket / 2);
        const next = slots[i + 1];
        if (next) expect(next.offset).toBeGreaterThanOrEqual(slot.offset + slot.width - 1e-9);
      }
    }
  });
});
