/**
 * @module audit-labels — what the audit log calls its actions, detail fields and their values in
 * words (the stored `action` and keys stay available beside them, for filters and support).
 */
import { oauthProviderName } from '@latchkey/wire/oauth-providers';
import { signInMethodLabel } from '../lib/sign-in-methods.js';

const ACTION_TITLES: Record<string, string> = {
  'user.created': 'User created',
  'user.updated': 'User updated',
  'user.deleted': 'User deleted',
  'session.created': 'Signed in',
  'session.revoked': 'Session ended',
  'factor.added': 'Sign-in method added',
  'factor.removed': 'Sign-in method removed',
  'password.changed': 'Password changed',
  'login.locked': 'Sign-in locked after failed attempts',
  'project.created': 'Project created',
  'project.updated': 'Project settings changed',
  'project.secret_rotated': 'Project secret rotated',
  'oauth_provider.updated': 'OAuth provider configured',
  'oauth_provider.removed': 'OAuth provider removed',
  'webhook_endpoint.created': 'Webhook endpoint added',
  'webhook_endpoint.updated': 'Webhook endpoint changed',
  'webhook_endpoint.deleted': 'Webhook endpoint deleted',
  'webhook_endpoint.secret_rotated': 'Webhook signing secret rotated',
  'operator_key.created': 'Operator key created',
  'operator_key.revoked': 'Operator key revoked',
  'console_operator.invited': 'Operator invited',
  'console_operator.removed': 'Operator removed',
};

/** The action as a title: `session.created` → "Signed in"; an action not known here in plain words. */
export function actionTitle(action: string): string {
  return ACTION_TITLES[action] ?? sentence(action.replace(/[._]/g, ' '));
}

const DETAIL_LABELS: Record<string, string> = {
  user_id: 'User',
  session_id: 'Session',
  endpoint_id: 'Webhook endpoint',
  key_id: 'Operator key',
  operator_id: 'Operator',
  provider_type: 'Provider',
  delivery_method: 'Sent by',
  authentication_factors: 'Signed in with',
  type: 'Kind',
  status: 'Status',
  reason: 'Reason',
};

/** A detail's key in words: `session_id` → "Session"; other `*_id` keys name what they identify. */
export function detailLabel(key: string): string {
  return DETAIL_LABELS[key] ?? sentence(key.replace(/_id$/, '').replace(/_/g, ' '));
}

/** A detail's value in words: sign-in methods and OAuth providers by name, ids and kinds as stored. */
export function detailValue(key: string, value: unknown): string {
  if (key === 'authentication_factors' && Array.isArray(value))
    return value
      .map((method) => (typeof method === 'string' ? signInMethodLabel(method) : String(method)))
      .join(', ');
  if (Array.isArray(value)) return value.join(', ');
  if (typeof value !== 'string') return JSON.stringify(value);
  return key === 'provider_type' ? oauthProviderName(value) : value;
}

function sentence(words: string): string {
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** What LATCHKEY_OPERATOR_KEY (actor id `env`) is called. */
export const ENV_OPERATOR_LABEL = 'The deployment’s operator key';
