// The endpoint page keeps one message at a time, beside the buttons that acted: a replay's
// outcome replaces the last action's, and the other way round. A rotated ("shown once") secret
// goes when dismissed, and does not follow the operator to another endpoint.
import type { WebhookDelivery } from '@latchkey/wire';
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderAsOperator, stubProvider } from '../../testing/as-operator.js';
import { sampleProject } from '../../testing/sample-project.js';
import { sampleEndpoint } from '../../testing/sample-webhooks.js';
import { EndpointPage } from './endpoint-page.js';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const endpoint = sampleEndpoint;

const delivery: WebhookDelivery = {
  event_id: 'msg_1',
  event_type: 'user.created',
  occurred_at: '2026-11-27T00:00:00.000Z',
  state: 'delivered',
  next_attempt_at: null,
  attempts: [],
};

/** A delivery that waits for a retry after the receiver answered 500. */
const retrying: WebhookDelivery = {
  event_id: 'msg_0',
  event_type: 'user.created',
  occurred_at: '2026-11-26T00:00:00.000Z',
  state: 'pending',
  next_attempt_at: '2026-11-27T00:05:00.000Z',
  attempts: [
    {
      attempt: 1,
      started_at: '2026-11-26T00:00:00.000Z',
      status_code: 500,
      latency_ms: 12,
      response_excerpt: '',
      error: null,
    },
  ],
};

/** The endpoint page on ep1, whose delivery log answers `log.deliveries` (the newest first) when read. */
function renderEndpoint(log: { deliveries: WebhookDelivery[] } = { deliveries: [delivery] }) {
  const calls = stubProvider(({ method, path, body }) => {
    if (path === `/v1/projects/${sampleProject().project_id}`) return { project: sampleProject() };
    if (path === '/v1/webhooks/event_types') return { event_types: [] };
    if (path.includes('/deliveries')) return { deliveries: log.deliveries, next_cursor: null };
    if (path.endsWith('/send_test_event')) return { event_id: 'msg_2' };
    if (path.endsWith('/rotate_secret')) return { endpoint: endpoint('ep1'), secret: 'whsec_new-secret' };
    if (path.endsWith('/replay')) return {};
    const id = /endpoints\/([^/]+)$/.exec(path)?.[1] ?? '';
    if (method === 'PUT') return { endpoint: { ...endpoint(id), ...(body as object) } };
    return { endpoint: endpoint(id) };
  });
  const router = renderAsOperator(
    '/projects/:projectId/webhooks/:endpointId',
    `/projects/${sampleProject().project_id}/webhooks/ep1`,
    <EndpointPage />,
  );
  return { calls, router };
}

/** The page's status lines that say something. */
const saying = () =>
  screen
    .getAllByRole('status')
    .map((s) => s.textContent ?? '')
    .filter((text) => text !== '');

describe('EndpointPage', () => {
  it('shows one message at a time, beside the buttons that acted', async () => {
    const user = userEvent.setup();
    renderEndpoint();
    await user.click(await screen.findByRole('button', { name: 'Send test event' }));
    await screen.findByText(/Sent a webhook\.test event \(msg_2\)/);
    expect(saying()).toEqual([expect.stringMatching(/^Sent a webhook\.test event/)]);

    await user.click(await screen.findByRole('button', { name: 'Replay user.created msg_1' }));
    await screen.findByText('Queued user.created (msg_1) again.');
    expect(saying()).toEqual(['Queued user.created (msg_1) again.']);

    await user.click(screen.getByRole('button', { name: 'Disable' }));
    await screen.findByText(/^Disabled: events wait/);
    expect(saying()).toEqual([expect.stringMatching(/^Disabled: events wait/)]);
  });

  it('keeps a rotated secret until it is dismissed, then puts focus back on Rotate', async () => {
    const user = userEvent.setup();
    renderEndpoint();
    const rotate = await screen.findByRole('button', { name: 'Rotate secret' });
    await user.click(rotate);
    await screen.findByText('Copy the new signing secret now: it is shown only this once.');
    await user.click(screen.getByRole('button', { name: 'Send test event' }));
    await screen.findByText(/Sent a webhook\.test event/);
    expect(screen.getByText('New signing secret')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Done: I have copied it' }));
    expect(screen.queryByText('New signing secret')).toBeNull();
    expect(document.activeElement).toBe(rotate);
  });

  it('says the endpoint is failing as the list does, and follows the log when a delivery arrives', async () => {
    const user = userEvent.setup();
    const log = { deliveries: [retrying] };
    renderEndpoint(log);
    const status = (await screen.findByText('Status')).nextElementSibling as HTMLElement;
    expect(status.querySelector('.endpoint-failing')?.textContent).toBe('Failing — the last delivery failed');

    log.deliveries = [delivery, retrying];
    await user.click(screen.getByRole('button', { name: 'Send test event' }));
    await screen.findByRole('button', { name: 'Replay user.created msg_1' });
    await waitFor(() => expect(status.querySelector('.endpoint-failing')).toBeNull());
    expect(status.textContent).toBe('Enabled');
  });

  it('forgets the secret and the message when another endpoint is opened', async () => {
    const user = userEvent.setup();
    const { router } = renderEndpoint();
    await user.click(await screen.findByRole('button', { name: 'Rotate secret' }));
    await screen.findByText('New signing secret');
    await act(() => router.navigate(`/projects/${sampleProject().project_id}/webhooks/ep2`));
    await screen.findByText('https://hooks.example.com/ep2');
    expect(screen.queryByText('New signing secret')).toBeNull();
    expect(saying()).toEqual([]);
  });
});
