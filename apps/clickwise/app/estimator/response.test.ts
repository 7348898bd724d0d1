import { describe, expect, it } from 'vitest';
import { panelStateOf } from './response.js';

const ok = (conversions: number) => ({
  results: { conversions, clicks: 120 },
  results_id: 'abcdefghijklmnop',
  search: 'shoes',
});

describe('panelStateOf (spec §8)', () => {
  it('shows results when conversions round above 0', () => {
    expect(panelStateOf(ok(0.5), 'shoes').kind).toBe('results');
    expect(panelStateOf(ok(12.3), 'shoes').kind).toBe('results');
  });

  it('shows the not-popular message when conversions round to 0 or less', () => {
    expect(panelStateOf(ok(0.49), 'shoes')).toEqual({ kind: 'not-popular', search: 'shoes' });
    expect(panelStateOf(ok(0), 'shoes').kind).toBe('not-popular');
    expect(panelStateOf(ok(-3), 'shoes').kind).toBe('not-popular');
  });

  it('shows the not-popular message with the sent term when fields are missing', () => {
    expect(panelStateOf(null, 'sent')).toEqual({ kind: 'not-popular', search: 'sent' });
    expect(panelStateOf({ error_type: 'search_empty' }, 'sent')).toEqual({
      kind: 'not-popular',
      search: 'sent',
    });
    expect(panelStateOf({ results: { conversions: 4 }, results_id: 'x', search: 'echo' }, 'sent')).toEqual({
      kind: 'not-popular',
      search: 'echo',
    });
    expect(panelStateOf({ ...ok(5), results_id: undefined }, 'sent').kind).toBe('not-popular');
  });
});
