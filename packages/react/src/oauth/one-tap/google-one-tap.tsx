/** @module oauth/one-tap/google-one-tap — the One Tap prompt area and the prompt itself (spec §2). */
import type { ReactElement } from 'react';
import { OneTapPlaceholder } from '../../components/one-tap-placeholder.js';
import { useWidget } from '../../widget/widget-context.js';
import { oneTapAllowed } from '../oauth-providers-of.js';
import { useGoogleOneTap } from './use-google-one-tap.js';

/** Props of GoogleOneTap. */
export interface GoogleOneTapProps {
  /** Render the prompt area here; false when mountLogin put it in the page (shadow root). */
  placeholder: boolean;
}

/**
 * Starts One Tap once per mount, above the widget's screens, when the project can run it (its
 * bootstrap lists a Google of its own); the area goes when the prompt could not load. Nothing
 * starts, and nothing is logged, for a project without Google.
 */
export function GoogleOneTap({ placeholder }: GoogleOneTapProps): ReactElement | null {
  const { bootstrap } = useWidget();
  const allowed = oneTapAllowed(bootstrap) === true;
  const failed = useGoogleOneTap(allowed);
  return placeholder && allowed && !failed ? <OneTapPlaceholder /> : null;
}
