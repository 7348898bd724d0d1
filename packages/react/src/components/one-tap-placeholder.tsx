/** @module components/one-tap-placeholder — the area Google One Tap renders its prompt into (spec §2). */
import type { ReactElement } from 'react';

/** The element id Google's `prompt_parent_id` option is given. */
export const ONE_TAP_PLACEHOLDER_ID = 'lk-google-one-tap';

/** An empty container; the One Tap script fills it when the oauth product asks for one_tap. */
export function OneTapPlaceholder(): ReactElement {
  return <div id={ONE_TAP_PLACEHOLDER_ID} className="lk-one-tap" data-lk-one-tap="" />;
}
