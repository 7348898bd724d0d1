/**
 * @module oauth/one-tap/google-one-tap-script — the standalone bundle's stand-in for
 * google-one-tap.tsx: the One Tap area and its hook travel in latchkey-one-tap.js with the prompt,
 * fetched once the bootstrap says this project can run One Tap. Nothing shows until the file is
 * here; if it cannot load, the host hears the failure as when the prompt itself cannot load.
 */
import { type ReactElement, useEffect } from 'react';
import { useChunk } from '../../chunks/use-chunk.js';
import { useWidget } from '../../widget/widget-context.js';
import { oneTapAllowed } from '../oauth-providers-of.js';
import type * as GoogleOneTapModule from './google-one-tap.js';
import { ONE_TAP_SCRIPT_NAME } from './google-one-tap-prompt-script.js';
import { reportOneTapFailure } from './one-tap-result.js';

export type { GoogleOneTapProps } from './google-one-tap.js';

export function GoogleOneTap(props: GoogleOneTapModule.GoogleOneTapProps): ReactElement | null {
  const { bootstrap } = useWidget();
  return oneTapAllowed(bootstrap) === true ? <LoadedGoogleOneTap {...props} /> : null;
}

function LoadedGoogleOneTap(props: GoogleOneTapModule.GoogleOneTapProps): ReactElement | null {
  const { effectContext, t } = useWidget();
  const { chunk, failed } = useChunk<typeof GoogleOneTapModule>(ONE_TAP_SCRIPT_NAME);
  useEffect(() => {
    if (failed) reportOneTapFailure(effectContext(), t, 'unknown_reason');
  }, [failed, effectContext, t]);
  return chunk ? <chunk.GoogleOneTap {...props} /> : null;
}
