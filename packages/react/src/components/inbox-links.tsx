/** @module components/inbox-links — shortcuts to the Gmail, Outlook and Yahoo inboxes (spec §2). */
import type { ReactElement } from 'react';
import type { StringKey } from '../strings/en.js';

/** One inbox shortcut. */
export interface InboxLink {
  labelKey: StringKey;
  href: string;
}

/**
 * The shortcut URLs. With the sender's domain known (bootstrap `emailDomains` with one entry,
 * `wire/objects.md`), Gmail opens a search for mail from it; otherwise each link opens the inbox.
 */
export function inboxLinks(senderDomain: string | undefined): InboxLink[] {
  const gmail = senderDomain
    ? `https://mail.google.com/mail/u/0/#search/from%3A%40${encodeURIComponent(senderDomain)}+in%3Aanywhere`
    : 'https://mail.google.com/mail/u/0/#inbox';
  return [
    { labelKey: 'emailConfirmation.openGmail', href: gmail },
    { labelKey: 'emailConfirmation.openOutlook', href: 'https://outlook.live.com/mail/0/inbox' },
    { labelKey: 'emailConfirmation.openYahoo', href: 'https://mail.yahoo.com/d/folders/1' },
  ];
}

/** The list of links; each opens in a new tab without giving the mail site a handle on this page. */
export function InboxLinks({
  links,
  label,
  newTabHint,
}: {
  links: ReadonlyArray<{ text: string; href: string }>;
  label: string;
  newTabHint: string;
}): ReactElement {
  return (
    <ul className="lk-inbox-links lk-wrap-list" aria-label={label}>
      {links.map((link) => (
        <li key={link.href}>
          <a className="lk-link" part="link" href={link.href} target="_blank" rel="noopener noreferrer">
            {link.text}
            <span className="lk-visually-hidden"> {newTabHint}</span>
          </a>
        </li>
      ))}
    </ul>
  );
}
