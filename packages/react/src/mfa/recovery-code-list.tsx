/** @module mfa/recovery-code-list — the recovery codes of a new authenticator app, to save, with a copy button. */
import { type ReactElement, useState } from 'react';
import { Button } from '../components/button.js';
import { useMfaStrings } from './use-mfa-strings.js';

/**
 * The codes as a list, shown once: the provider keeps only their hashes. 'Copy codes' appears
 * where the page may use the clipboard, and says so through a status line when it worked.
 */
export function RecoveryCodeList({ codes }: { codes: readonly string[] }): ReactElement {
  const { t } = useMfaStrings();
  const [copied, setCopied] = useState(false);
  const clipboard = typeof navigator === 'undefined' ? undefined : navigator.clipboard;
  const copy = (): void => {
    clipboard?.writeText(codes.join('\n')).then(
      () => setCopied(true),
      () => setCopied(false),
    );
  };
  return (
    <>
      <h3 className="lk-subheading" part="subheading">
        {t('mfa.recoveryCodesTitle')}
      </h3>
      <p className="lk-text">{t('mfa.recoveryCodesText')}</p>
      <ul className="lk-recovery-codes lk-wrap-list" aria-label={t('mfa.recoveryCodesTitle')}>
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ul>
      {clipboard ? (
        <Button variant="secondary" onClick={copy}>
          {t('mfa.copyCodes')}
        </Button>
      ) : null}
      <p className="lk-visually-hidden" role="status">
        {copied ? t('mfa.copied') : ''}
      </p>
    </>
  );
}
