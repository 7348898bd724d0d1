// The endpoints list flags an endpoint whose newest deliveries failed ("Failing — last 2
// deliveries failed"), read from each endpoint's delivery log: a retry after a failed attempt
// counts, a delivery still queued tells nothing, and the newest that arrived ends the count.
import type { WebhookDelivery } from '@latchkey/wire';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderAsOperator, stubProvider } from '../../testing/as-operator.js';
import { sampleProject } from '../../testing/sample-project.js';
import { sampleEndpoint } from '../../testing/sample-webhooks.js';
import { failedInARow } from './endpoint-failing.js';
import { WebhooksPage } from './webhooks-page.js';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const endpoint = sampleEndpoint;

const attempt = (status_code: number | null) => ({
  attempt: 1,
  started_at: '2026-11-27T00:00:00.000Z',
  status_code,
  latency_ms: 12,
  response_excerpt: '',
  error: status_code === null ? 'connect ECONNREFUSED' : null,
});

const delivery = (state: WebhookDelivery['state'], attempts: (number | null)[] = []): WebhookDelivery => ({
  event_id: `msg_${Math.random()}`,
  event_type: 'user.created',
  occurred_at: '2026-11-27T00:00:00.000Z',
  state,
  next_attempt_at: null,
  attempts: attempts.map(attempt),
});

describe('failedInARow', () => {
  it('counts the newest failures up to the first delivery that arrived', () => {
    expect(failedInARow([])).toBe(0);
    expect(failedInARow([delivery('delivered', [204]), delivery('failed', [500])])).toBe(0);
    expect(
      failedInARow([
        delivery('pending'), // queued, no attempt yet: tells nothing
        delivery('pending', [null]), // waiting for a retry after a failed attempt
        delivery('failed', [500, 500]),
        delivery('delivered', [204]),
        delivery('failed', [500]),
      ]),
    ).toBe(2);
  });
});

describe('WebhooksPage', () => {
  it('flags the endpoints whose newest deliveries failed, and only those', async () => {
    const logs: Record<string, WebhookDelivery[]> = {
      broken: [delivery('pending', [null]), delivery('failed', [500]), delivery('delivered', [204])],
      fine: [delivery('delivered', [204]), delivery('failed', [500])],
      once: [delivery('failed', [410])],
    };
    const calls = stubProvider(({ path }) => {
      if (path === `/v1/projects/${sampleProject().project_id}`) return { project: sampleProject() };
      if (path === '/v1/webhooks/event_types') return { event_types: [] };
      const log = /endpoints\/([^/]+)\/deliveries/.exec(path)?.[1];
      if (log) return { deliveries: logs[log], next_cursor: null };
      return { endpoints: ['broken', 'fine', 'once'].map(endpoint) };
    });
    renderAsOperator(
      '/projects/:projectId/webhooks',
      `/projects/${sampleProject().project_id}/webhooks`,
      <WebhooksPage />,
    );
    const cards = within(await screen.findByRole('list', { name: 'Webhook endpoints' })).getAllByRole(
      'listitem',
    );
    expect(cards.map((card) => card.querySelector('.endpoint-failing')?.textContent ?? null)).toEqual([
      'Failing — last 2 deliveries failed',
      null,
      'Failing — the last delivery failed',
    ]);
    // The newest ten of each log, one call per endpoint.
    expect(calls.filter((c) => c.path.includes('/deliveries')).map((c) => c.path)).toEqual([
      '/v1/webhooks/endpoints/broken/deliveries?limit=10',
      '/v1/webhooks/endpoints/fine/deliveries?limit=10',
      '/v1/webhooks/endpoints/once/deliveries?limit=10',
    ]);
  });
});

describe('WebhooksPage while it loads', () => {
  it('has its h1 already, and the loaded heading takes its focus', async () => {
    stubProvider(({ path }) => {
      if (path === `/v1/projects/${sampleProject().project_id}`) return { project: sampleProject() };
      if (path === '/v1/webhooks/event_types') return { event_types: [] };
      return { endpoints: [] };
    });
    renderAsOperator(
      '/projects/:projectId/webhooks',
      `/projects/${sampleProject().project_id}/webhooks`,
      <WebhooksPage />,
    );
    const loading = screen.getByRole('heading', { level: 1, name: 'Webhooks' });
    expect(screen.getByRole('status').classList.contains('status')).toBe(true);
    loading.focus();
    const loaded = await screen.findByRole('heading', { level: 1, name: 'Shop webhooks' });
    expect(screen.getAllByRole('heading', { level: 1 })).toEqual([loaded]);
    // The heading takes focus in a passive effect, which may run after findByRole has seen it.
    await waitFor(() => expect(document.activeElement).toBe(loaded));
  });
});
