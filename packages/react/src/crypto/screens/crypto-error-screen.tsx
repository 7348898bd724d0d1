/** @module crypto/screens/crypto-error-screen — CryptoError: the wallet sign-in failed (spec §2, §8). */
import type { ReactElement } from 'react';
import { ScreenFrame } from '../../components/screen-frame.js';
import type { ScreenError } from '../../machine/state.js';
import type { CryptoStringKey } from '../../strings/en-crypto.js';
import { errorText } from '../../strings/error-text.js';
import type { ResolvedStrings } from '../../strings/resolve-strings.js';
import { useWidget } from '../../widget/widget-context.js';
import { useCryptoStrings } from '../use-crypto-strings.js';

// The wallet's own refusals, in spec §8's words; any other failure is an API error with its text.
const WALLET_FAILURES: Readonly<Record<string, CryptoStringKey>> = {
  crypto_wallet_connect_failed: 'crypto.couldNotConnect',
  crypto_wallet_sign_failed: 'crypto.couldNotSign',
};

function reasonOf(error: ScreenError, strings: ResolvedStrings & Record<CryptoStringKey, string>): string {
  const key = WALLET_FAILURES[error.code];
  return key ? strings[key] : errorText(error, strings);
}

/** The §2 error text and, below it, the short reason; announced as an alert. */
export function CryptoErrorScreen(): ReactElement {
  const { state, send } = useWidget();
  const { t, strings } = useCryptoStrings();
  return (
    <ScreenFrame title={t('crypto.errorTitle')} onBack={() => send({ type: 'BACK' })}>
      <div className="lk-crypto-error" role="alert">
        <p className="lk-text">{t('crypto.errorText')}</p>
        {state.error ? (
          <p className="lk-error" part="error">
            {reasonOf(state.error, strings)}
          </p>
        ) : null}
      </div>
    </ScreenFrame>
  );
}
