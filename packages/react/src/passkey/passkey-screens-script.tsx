/**
 * @module passkey/passkey-screens-script — the standalone bundle's stand-in for passkey-screens.ts:
 * each screen loads latchkey-passkey-registration.js, then renders the real one. Pages that never
 * mount the passkey-registration widget never fetch it.
 */
import type { ComponentType, ReactElement } from 'react';
import { useChunk } from '../chunks/use-chunk.js';
import { ErrorMessage } from '../components/error-message.js';
import { Spinner } from '../components/spinner.js';
import type { ScreenOf } from '../machine/screen.js';
import { useWidget } from '../widget/widget-context.js';
import type * as PasskeyScreens from './passkey-screens.js';

/** The file scripts/build-standalone.mjs writes passkey-screens.ts (and the creation ceremony) to, next to the widget bundle. */
export const PASSKEY_REGISTRATION_SCRIPT_NAME = 'latchkey-passkey-registration.js';

type Chunk = typeof PasskeyScreens;

/** A screen whose code is in the chunk: a spinner while it loads, the widget's error line if it cannot. */
function fromChunk<P extends object>(pick: (chunk: Chunk) => ComponentType<P>): ComponentType<P> {
  return function PasskeyScreenStandIn(props: P): ReactElement {
    const { t } = useWidget();
    const { chunk, failed } = useChunk<Chunk>(PASSKEY_REGISTRATION_SCRIPT_NAME);
    if (chunk) {
      const Screen = pick(chunk);
      return <Screen {...props} />;
    }
    if (failed) return <ErrorMessage>{t('passkey.unavailable')}</ErrorMessage>;
    return (
      <div className="lk-passkey-loading" aria-busy="true">
        <Spinner />
      </div>
    );
  };
}

/** PasskeyRegistrationStart, from the chunk. */
export const PasskeyStartScreen: ComponentType<{ screen: ScreenOf<'PasskeyRegistrationStart'> }> = fromChunk(
  (chunk) => chunk.PasskeyStartScreen,
);

/** PasskeyRegistrationSuccess, from the chunk. */
export const PasskeySuccessScreen: ComponentType<{ screen: ScreenOf<'PasskeyRegistrationSuccess'> }> =
  fromChunk((chunk) => chunk.PasskeySuccessScreen);
