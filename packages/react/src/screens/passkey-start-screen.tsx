/** @module screens/passkey-start-screen — PasskeyRegistrationStart: 'Set up a new Passkey' (spec §2). */
import type { ReactElement } from 'react';
import { Button } from '../components/button.js';
import { ErrorMessage } from '../components/error-message.js';
import { ScreenFrame } from '../components/screen-frame.js';
import type { ScreenOf } from '../machine/screen.js';
import type { ScreenError } from '../machine/state.js';
import { usePasskeyStrings } from '../passkey/use-passkey-strings.js';
import type { PasskeyStringKey } from '../strings/en-passkey.js';
import { useWidget } from '../widget/widget-context.js';

/** Spec §8: a failed creation is either "already registered" or "not created", nothing else. */
const failureText = (error: ScreenError): PasskeyStringKey =>
  error.code === 'passkey_already_registered' ? 'passkey.alreadyRegistered' : 'passkey.notCreated';

/** The explanation, 'Create a Passkey' (busy while the browser asks) and 'Skip'. */
export function PasskeyStartScreen(_props: { screen: ScreenOf<'PasskeyRegistrationStart'> }): ReactElement {
  const { state, send } = useWidget();
  const { t } = usePasskeyStrings();
  return (
    <ScreenFrame title={t('passkey.startTitle')}>
      <p className="lk-text">{t('passkey.startText')}</p>
      {state.error ? <ErrorMessage>{t(failureText(state.error))}</ErrorMessage> : null}
      <Button busy={state.busy} onClick={() => send({ type: 'PASSKEY_CREATE_REQUESTED' })}>
        {t('passkey.create')}
      </Button>
      <Button variant="secondary" disabled={state.busy} onClick={() => send({ type: 'PASSKEY_SKIPPED' })}>
        {t('passkey.skip')}
      </Button>
    </ScreenFrame>
  );
}
