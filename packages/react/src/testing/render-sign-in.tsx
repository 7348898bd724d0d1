/** @module testing/render-sign-in — renders the login widget on a fake client, recording the host events. */
import { render } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import type { WidgetConfig, WidgetEvent } from '../config.js';
import { SignIn } from '../sign-in.js';
import { createFakeClient } from './fake-client.js';

/** Renders SignIn with `config`; returns the fake client, the events it emitted and a user. */
export function renderSignIn(config: WidgetConfig, options: Parameters<typeof createFakeClient>[0] = {}) {
  const client = createFakeClient(options);
  const events: WidgetEvent[] = [];
  const user = userEvent.setup();
  render(<SignIn client={client} config={config} callbacks={{ onEvent: (e) => events.push(e) }} />);
  return { client, events, user };
}
