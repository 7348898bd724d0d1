/** The Latchkey widget inside the modal, configured as spec §9 says for the marketing site. */
import { createLatchkeyClient, type LatchkeyClient } from '@latchkey/client';
import { SignIn } from '@latchkey/react';
import { CONTAINER_WIDTH, widgetConfig } from './sign-in-config.js';
import type { SiteLatchkeyConfig } from './sign-in-modal.js';

let client: LatchkeyClient | undefined;

export default function LatchkeyWidget({
  config,
  onError,
}: {
  config: SiteLatchkeyConfig;
  onError(error: unknown): void;
}) {
  client ??= createLatchkeyClient({ publicToken: config.publicToken, baseUrl: config.providerUrl });
  return (
    <SignIn
      client={client}
      config={widgetConfig(config, window.location.origin)}
      styles={{
        container: { width: CONTAINER_WIDTH, borderColor: 'transparent' },
        colors: { primary: '#1d3fbb' },
      }}
      callbacks={{ onError }}
      // /user/authenticate shows a failed sign-in's reason in the modal's message area itself.
      search=""
    />
  );
}
