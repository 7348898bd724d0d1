/** @module hooks/use-bootstrap — the project's bootstrap flags: cached at once, fresh when fetched. */
import { useEffect, useState } from 'react';
import type { WidgetBootstrap, WidgetClient } from '../widget-client.js';

function readSync(client: WidgetClient): WidgetBootstrap {
  try {
    return client.bootstrap.getSync();
  } catch {
    return {};
  }
}

/**
 * Starts from `getSync()` (the cache) and updates once `getAsync()` answers; failures keep the
 * cache. An answer without `oauthProviders` (another provider, or a failed fetch) becomes `null`:
 * known not to say.
 */
export function useBootstrap(client: WidgetClient): WidgetBootstrap {
  const [bootstrap, setBootstrap] = useState(() => readSync(client));
  useEffect(() => {
    let live = true;
    client.bootstrap.getAsync().then(
      (fresh) => {
        if (live) setBootstrap({ ...fresh, oauthProviders: fresh.oauthProviders ?? null });
      },
      () => {},
    );
    return () => {
      live = false;
    };
  }, [client]);
  return bootstrap;
}
