/**
 * @module users-table — one page of users (never more than a page in the page, however many
 * match): each row names the user by a link to their page, so the keyboard reaches every row.
 */
import type { ServerUser } from '@latchkey/wire';
import { oauthProviderName } from '@latchkey/wire/oauth-providers';
import { Link } from 'react-router';

/** What a row calls the user: their first address, else their first number, else their id. */
export function userLabel(user: ServerUser): string {
  return user.emails[0]?.email ?? user.phone_numbers[0]?.phone_number ?? user.user_id;
}

/** The ways the user can sign in, in words. */
export function methodsOf(user: ServerUser): string[] {
  const methods: string[] = [];
  if (user.webauthn_registrations.length > 0) methods.push('Passkey');
  if (user.password) methods.push('Password');
  if (user.totps.length > 0) methods.push('Authenticator app');
  for (const provider of new Set(user.providers.map((p) => p.provider_type)))
    methods.push(oauthProviderName(provider));
  if (user.crypto_wallets.length > 0) methods.push('Wallet');
  if (user.emails.some((e) => e.verified)) methods.push('Email');
  if (user.phone_numbers.some((p) => p.verified)) methods.push('Phone');
  return methods;
}

export function fullName(user: ServerUser): string {
  return [user.name.first_name, user.name.middle_name, user.name.last_name].filter(Boolean).join(' ');
}

export function UsersTable(props: {
  projectId: string;
  users: ServerUser[];
  caption: string;
  order: 'newest' | 'oldest';
}) {
  return (
    <table className="users-table">
      <caption className="visually-hidden">{props.caption}</caption>
      <thead>
        <tr>
          <th scope="col">User</th>
          <th scope="col">Name</th>
          <th scope="col">Status</th>
          <th scope="col">Sign-in methods</th>
          <th scope="col" aria-sort={props.order === 'newest' ? 'descending' : 'ascending'}>
            Created
          </th>
        </tr>
      </thead>
      <tbody>
        {props.users.map((user) => (
          <tr key={user.user_id}>
            <th scope="row">
              <Link to={`/projects/${props.projectId}/users/${encodeURIComponent(user.user_id)}`}>
                {userLabel(user)}
              </Link>
            </th>
            <td data-label="Name">{fullName(user) || <span className="hint">—</span>}</td>
            <td data-label="Status">
              <span className={`badge ${user.status === 'active' ? 'live' : ''}`}>{user.status}</span>
            </td>
            <td data-label="Methods">
              {methodsOf(user).join(', ') || <span className="hint">none yet</span>}
            </td>
            <td data-label="Created">
              <time dateTime={user.created_at}>{new Date(user.created_at).toLocaleString()}</time>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
