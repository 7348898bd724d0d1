/** @module message-kind — what a message is for, which is all a log line may say about it. */

/** The kinds of email and text message the provider sends. */
export type MessageKind =
  | 'magic_link'
  | 'passcode'
  | 'password_reset'
  | 'password_changed'
  | 'password_locked_notice'
  | 'second_factor_locked_notice'
  | 'passcode_locked_notice'
  | 'no_account_notice';

const labels: Record<MessageKind, string> = {
  magic_link: 'magic link',
  passcode: 'passcode',
  password_reset: 'password reset',
  password_changed: 'password changed notice',
  password_locked_notice: 'password locked notice',
  second_factor_locked_notice: 'second factor locked notice',
  passcode_locked_notice: 'passcode locked notice',
  no_account_notice: 'no-account notice',
};

/**
 * How a log line names `kind`: a subject can carry a code and a body a link, so the dev outbox
 * and the messenger say only this and the recipient (issue 16 item 6).
 */
export function messageKindLabel(kind: MessageKind): string {
  return labels[kind];
}
