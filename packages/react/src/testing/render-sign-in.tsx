/** @module testing/render-sign-in — renders the login widget on a fake client, recording the host events. */
import { render } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { expect } from 'vitest';
import type { WidgetConfig, WidgetEvent } from '../config.js';
import { SignIn, type SignInProps } from '../sign-in.js';
import { createFakeClient } from './fake-client.js';

/**
 * Renders SignIn with `config` (and further SignIn `props`); returns the fake client, the events
 * and errors it reported, a user and the rendered container.
 */
export function renderSignIn(
  config: WidgetConfig,
  options: Parameters<typeof createFakeClient>[0] = {},
  props: Pick<SignInProps, 'search' | 'clock'> = {},
) {
  const client = createFakeClient(options);
  const events: WidgetEvent[] = [];
  const errors: unknown[] = [];
  const user = userEvent.setup();
  const callbacks = { onEvent: (e: WidgetEvent) => events.push(e), onError: (e: unknown) => errors.push(e) };
  const view = render(<SignIn client={client} config={config} callbacks={callbacks} {...props} />);
  return {
    client,
    events,
    errors,
    user,
    container: view.container,
    rerender: view.rerender,
    unmount: view.unmount,
  };
}

/**
 * A sign-in by `method` went through: the host heard `steps`, then AUTHENTICATE_FLOW_COMPLETE with
 * `result`, and the success telemetry names the method.
 */
export function expectSignedIn(
  { client, events }: Pick<ReturnType<typeof renderSignIn>, 'client' | 'events'>,
  method: string,
  steps: readonly object[],
  result: unknown,
): void {
  expect(events).toEqual([...steps, { type: 'AUTHENTICATE_FLOW_COMPLETE', data: result }]);
  expect(client.telemetryEvents).toContainEqual({ name: 'ui_authentication_success', details: { method } });
}
