/** @module oauth/one-tap/google-one-tap — the One Tap prompt area and the prompt itself (spec §2). */
import type { ReactElement } from 'react';
import { OneTapPlaceholder } from '../../components/one-tap-placeholder.js';
import { useGoogleOneTap } from './use-google-one-tap.js';

/** Props of GoogleOneTap. */
export interface GoogleOneTapProps {
  /** Render the prompt area here; false when mountLogin put it in the page (shadow root). */
  placeholder: boolean;
}

/** Starts One Tap once per mount, above the widget's screens. */
export function GoogleOneTap({ placeholder }: GoogleOneTapProps): ReactElement | null {
  useGoogleOneTap();
  return placeholder ? <OneTapPlaceholder /> : null;
}
