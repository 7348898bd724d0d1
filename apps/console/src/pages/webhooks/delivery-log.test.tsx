// The delivery log pages by the cursor in the URL (so a page can be shared and reloaded), moves
// focus to the log after paging, and replays a delivery.
import type { WebhookDelivery } from '@latchkey/wire';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ConsoleApi } from '../../auth/operator-context.js';
import { DeliveryLog } from './delivery-log.js';

afterEach(cleanup);

const delivery = (n: number): WebhookDelivery => ({
  event_id: `msg_${n}`,
  event_type: 'user.created',
  occurred_at: '2026-11-27T00:00:00.000Z',
  state: 'delivered',
  next_attempt_at: null,
  attempts: [
    {
      attempt: 1,
      started_at: '2026-11-27T00:00:00.000Z',
      status_code: 204,
      latency_ms: 37,
      response_excerpt: '',
      error: null,
    },
  ],
});

/** The log as the endpoint page holds it: the page keeps the one message the log reports. */
function LogWithMessage({ api }: { api: ConsoleApi }) {
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  return (
    <DeliveryLog endpointId="ep1" projectApi={api} refreshKey={0} message={message} onMessage={setMessage} />
  );
}

function renderLog(initialUrl: string) {
  const calls: string[] = [];
  const api = vi.fn(async (method: string, path: string) => {
    calls.push(`${method} ${path}`);
    if (method === 'POST') return {};
    const cursor = new URL(path, 'http://x').searchParams.get('cursor');
    return cursor
      ? { deliveries: [delivery(1)], next_cursor: null }
      : { deliveries: [delivery(3), delivery(2)], next_cursor: '2' };
  }) as unknown as ConsoleApi;
  const router = createMemoryRouter([{ path: '/log', element: <LogWithMessage api={api} /> }], {
    initialEntries: [initialUrl],
  });
  render(<RouterProvider router={router} />);
  return { calls, router };
}

describe('DeliveryLog', () => {
  it('shows status, response code and latency, and pages older by a cursor kept in the URL', async () => {
    const user = userEvent.setup();
    const { calls, router } = renderLog('/log');
    const table = await screen.findByRole('table');
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(rows[1]?.textContent).toContain('Delivered');
    expect(rows[1]?.textContent).toContain('204');
    expect(rows[1]?.textContent).toContain('37 ms');

    await user.click(screen.getByRole('link', { name: 'Older deliveries' }));
    await screen.findByText('msg_1');
    expect(router.state.location.search).toBe('?cursor=2');
    expect(calls.at(-1)).toBe('GET /v1/webhooks/endpoints/ep1/deliveries?limit=20&cursor=2');
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Delivery log' }));
    expect(screen.queryByRole('link', { name: 'Older deliveries' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Newest deliveries' })).toBeTruthy();
  });

  it('opens on the page a shared URL names', async () => {
    const { calls } = renderLog('/log?cursor=2');
    await screen.findByText('msg_1');
    expect(calls).toEqual(['GET /v1/webhooks/endpoints/ep1/deliveries?limit=20&cursor=2']);
  });

  it('replays a delivery and says so', async () => {
    const user = userEvent.setup();
    const { calls } = renderLog('/log');
    await user.click(await screen.findByRole('button', { name: 'Replay user.created msg_3' }));
    expect(await screen.findByText(/Queued user\.created \(msg_3\) again/)).toBeTruthy();
    expect(calls).toContain('POST /v1/webhooks/endpoints/ep1/replay');
  });
});
