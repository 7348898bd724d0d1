/** @module oauth/oauth-return-notice — Main's line saying that a provider sign-in came back with an error. */
import { type ReactElement, useEffect, useRef } from 'react';
import { useWidget } from '../widget/widget-context.js';
import { oauthReturnText } from './oauth-return-error.js';

/**
 * The message, announced (role=alert) and focused when it appears: the person just came back
 * from the provider, so this is the news. The buttons below are the way to try again.
 */
export function OAuthReturnNotice({ code }: { code: string }): ReactElement {
  const { strings } = useWidget();
  const notice = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    notice.current?.focus();
  }, []);
  return (
    <p
      ref={notice}
      className="lk-error lk-notice--error"
      part="error"
      role="alert"
      tabIndex={-1}
      data-lk-oauth-return=""
    >
      {oauthReturnText(code, strings)}
    </p>
  );
}
