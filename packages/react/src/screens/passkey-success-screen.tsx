/** @module screens/passkey-success-screen — PasskeyRegistrationSuccess: the user's passkeys, 'Set up another', 'Done'. */
import { type ReactElement, useRef } from 'react';
import { Button } from '../components/button.js';
import { ScreenFrame } from '../components/screen-frame.js';
import { Spinner } from '../components/spinner.js';
import type { ScreenOf } from '../machine/screen.js';
import { PasskeyList } from '../passkey/passkey-list.js';
import { usePasskeyStrings } from '../passkey/use-passkey-strings.js';
import { useWidget } from '../widget/widget-context.js';

/**
 * Right after a new passkey: 'Passkey successfully created!' over the 'Existing Passkeys' list.
 * Otherwise the screen is what it is, the list of the user's passkeys, titled 'Existing
 * Passkeys': when the widget opens on it, after 'Skip' (nothing was created), after 'Done' and
 * after a deletion. Renames and deletes show at once (spec §4); the machine makes the calls.
 */
export function PasskeySuccessScreen({
  screen,
}: {
  screen: ScreenOf<'PasskeyRegistrationSuccess'>;
}): ReactElement {
  const { send } = useWidget();
  const { t } = usePasskeyStrings();
  const actions = useRef<HTMLDivElement>(null);
  const { created, registrations } = screen;

  let list: ReactElement;
  if (registrations === null) {
    list = (
      <div className="lk-passkey-loading" role="status">
        <Spinner />
        <span className="lk-visually-hidden">{t('passkey.loading')}</span>
      </div>
    );
  } else if (registrations.length === 0) {
    list = <p className="lk-text lk-hint">{t('passkey.none')}</p>;
  } else {
    list = (
      <PasskeyList
        registrations={registrations}
        label={t('passkey.existing')}
        onRename={(webauthnRegistrationId, name) =>
          send({ type: 'PASSKEY_RENAMED', webauthnRegistrationId, name })
        }
        onDelete={(webauthnRegistrationId) => send({ type: 'PASSKEY_DELETED', webauthnRegistrationId })}
        onEmptied={() => actions.current?.querySelector('button')?.focus()}
      />
    );
  }

  return (
    <ScreenFrame title={t(created ? 'passkey.successTitle' : 'passkey.existing')} moveFocus={!screen.opened}>
      {created ? (
        <h3 className="lk-subheading" part="subheading">
          {t('passkey.existing')}
        </h3>
      ) : null}
      {list}
      <div className="lk-stack" ref={actions}>
        <Button onClick={() => send({ type: 'PASSKEY_DONE' })}>{t('passkey.done')}</Button>
        <Button variant="secondary" onClick={() => send({ type: 'PASSKEY_SETUP_ANOTHER_REQUESTED' })}>
          {t(registrations?.length === 0 ? 'passkey.startTitle' : 'passkey.setupAnother')}
        </Button>
      </div>
    </ScreenFrame>
  );
}
