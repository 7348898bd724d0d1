/**
 * @module screens/main-screen — Main, the method chooser: OAuth and wallet buttons, phone tabs,
 * the email tab, then passkeys.
 */
import { type ReactElement, useEffect, useState } from 'react';
import { Divider } from '../components/divider.js';
import { ScreenFrame } from '../components/screen-frame.js';
import { Tabs } from '../components/tabs.js';
import { productsOf } from '../config.js';
import { CryptoWalletButtons } from '../crypto/crypto-screens.js';
import type { MainTab, ScreenOf } from '../machine/screen.js';
import { OAuthButtons } from '../oauth/oauth-buttons.js';
import { oauthProvidersOf } from '../oauth/oauth-providers-of.js';
import { OAuthReturnNotice } from '../oauth/oauth-return-notice.js';
import { emailMethodOf, mainTabsOf } from '../otp-config.js';
import { PasskeyLogin } from '../passkey/passkey-login.js';
import { usePasskeyAutofill } from '../passkey/use-passkey-autofill.js';
import type { StringKey } from '../strings/en.js';
import { useWidget } from '../widget/widget-context.js';
import { EmailForm } from './email-form.js';
import { PhoneForm } from './phone-form.js';

const TAB_LABELS: Record<MainTab, StringKey> = {
  sms: 'main.tabText',
  whatsapp: 'main.tabWhatsApp',
  email: 'main.tabEmail',
};

/**
 * Main. A provider sign-in that came back with an error says so first. With `oauth`, one
 * 'Continue with {provider}' button per provider the host and the project configured comes next,
 * then with `crypto` the wallet buttons, then an 'or' divider. With one method its form shows alone; with several, a tab list picks the
 * form. The selected tab lives in the screen, so coming back from the code screen reopens it.
 * With `passkeys`, 'Log in with a Passkey' follows the forms, and the email field offers passkeys
 * in its autofill.
 */
export function MainScreen({ screen }: { screen: ScreenOf<'Main'> }): ReactElement {
  const { state, send, t, config, bootstrap } = useWidget();
  const tabs = mainTabsOf(config);
  const tab = screen.tab && tabs.includes(screen.tab) ? screen.tab : tabs[0];
  const emailMethod = emailMethodOf(config);
  const passkeys = productsOf(config).includes('passkeys');
  const oauthProviders = oauthProvidersOf(config, bootstrap);
  const oauth = oauthProviders.known.length > 0;
  // Until the bootstrap says which providers the project has, their buttons wait.
  const oauthPending = productsOf(config).includes('oauth') && bootstrap.oauthProviders === undefined;
  const oauthReturn = state.error?.field === 'oauthReturn' ? state.error.code : null;
  const crypto = productsOf(config).includes('crypto');
  const buttons = oauth || crypto;
  const showsEmail = tab === 'email' && emailMethod !== null;
  const abortAutofill = usePasskeyAutofill(passkeys && showsEmail);

  // Which control started the request in flight, so only that one shows a spinner.
  const [passkeyPending, setPasskeyPending] = useState(false);
  const passkeyBusy = state.busy && passkeyPending;
  const oauthBusy = state.busy && screen.oauthProvider !== undefined;
  useEffect(() => {
    if (!state.busy) setPasskeyPending(false);
  }, [state.busy]);

  const startPasskey = (): void => {
    // The browser runs one ceremony at a time: free it from the autofill request first.
    abortAutofill();
    setPasskeyPending(true);
    send({ type: 'PASSKEY_LOGIN_REQUESTED' });
  };

  // One PhoneForm instance serves both phone tabs, so the number survives a switch between them.
  const form = !tab ? null : showsEmail ? (
    <EmailForm
      screen={screen}
      method={emailMethod}
      autofill={passkeys}
      otherPending={passkeyBusy || oauthBusy}
    />
  ) : (
    <PhoneForm
      channel={tab === 'whatsapp' ? 'whatsapp' : 'sms'}
      initialNumber={screen.phone}
      otherPending={passkeyBusy || oauthBusy}
    />
  );
  const methods =
    form && tabs.length > 1 ? (
      <Tabs
        label={t('main.methodTabs')}
        tabs={tabs.map((key) => ({ key, label: t(TAB_LABELS[key]) }))}
        selected={tab ?? 'email'}
        onSelect={(next) => send({ type: 'MAIN_TAB_SELECTED', tab: next })}
      >
        {form}
      </Tabs>
    ) : (
      form
    );

  return (
    <ScreenFrame title={t('main.title')}>
      {oauthReturn ? <OAuthReturnNotice code={oauthReturn} /> : null}
      {oauth ? (
        <OAuthButtons screen={screen} providers={oauthProviders.known} unknown={oauthProviders.unknown} />
      ) : null}
      {crypto ? <CryptoWalletButtons /> : null}
      {buttons && (methods || passkeys) ? <Divider text={t('common.or')} /> : null}
      {methods}
      {passkeys && methods ? <Divider text={t('common.or')} /> : null}
      {passkeys ? <PasskeyLogin pending={passkeyBusy} onStart={startPasskey} /> : null}
      {!methods && !passkeys && !buttons && !oauthPending ? (
        <p className="lk-text">{t('notAvailable.text')}</p>
      ) : null}
    </ScreenFrame>
  );
}
