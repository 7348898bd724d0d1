/** @module screens/email-confirmation-screen — "Check your email" after a magic link was sent. */
import type { ReactElement } from 'react';
import { Button } from '../components/button.js';
import { ErrorMessage } from '../components/error-message.js';
import { InboxLinks, inboxLinks } from '../components/inbox-links.js';
import { ScreenFrame } from '../components/screen-frame.js';
import type { ScreenOf } from '../machine/screen.js';
import { CreatePasswordInstead } from '../password/create-password-instead.js';
import { errorText } from '../strings/error-text.js';
import { useWidget } from '../widget/widget-context.js';

/** EmailConfirmation: where the email went, inbox shortcuts, resend, and back to Main. */
export function EmailConfirmationScreen({ screen }: { screen: ScreenOf<'EmailConfirmation'> }): ReactElement {
  const { state, send, t, strings, bootstrap } = useWidget();
  const domains = bootstrap.emailDomains ?? [];
  const links = inboxLinks(domains.length === 1 ? domains[0] : undefined).map((link) => ({
    text: t(link.labelKey),
    href: link.href,
  }));

  return (
    <ScreenFrame title={t('emailConfirmation.title')} onBack={() => send({ type: 'BACK' })}>
      <p className="lk-text">{t('emailConfirmation.text', { email: screen.email })}</p>
      <InboxLinks
        links={links}
        label={t('emailConfirmation.inboxLinks')}
        newTabHint={t('common.opensInNewTab')}
      />
      {state.error ? <ErrorMessage>{errorText(state.error, strings)}</ErrorMessage> : null}
      <p className="lk-resend">
        <span>{t('emailConfirmation.didntGetIt')}</span>
        <Button variant="text" busy={state.busy} onClick={() => send({ type: 'RESEND_REQUESTED' })}>
          {t('emailConfirmation.resend')}
        </Button>
      </p>
      {screen.offerPassword ? <CreatePasswordInstead /> : null}
    </ScreenFrame>
  );
}
