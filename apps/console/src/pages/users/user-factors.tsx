/**
 * @module user-factors — what a user signs in with: addresses, numbers, passkeys (by their
 * authenticator's name), authenticator apps, wallets and linked OAuth identities.
 */
import type { ServerUser } from '@latchkey/wire';
import { oauthProviderName } from '@latchkey/wire/oauth-providers';
import type { ReactNode } from 'react';

function When({ at, prefix }: { at: string | null; prefix: string }) {
  if (!at) return null;
  return (
    <>
      {prefix} <time dateTime={at}>{new Date(at).toLocaleString()}</time>
    </>
  );
}

function Verified({ verified }: { verified: boolean }) {
  return <span className={`badge ${verified ? 'live' : ''}`}>{verified ? 'verified' : 'not verified'}</span>;
}

function FactorGroup(props: { id: string; title: string; empty: string; items: ReactNode[] }) {
  return (
    <div className="factor-group">
      <h3 id={props.id}>{props.title}</h3>
      {props.items.length === 0 ? (
        <p className="hint">{props.empty}</p>
      ) : (
        <ul className="factor-list" aria-labelledby={props.id}>
          {props.items}
        </ul>
      )}
    </div>
  );
}

export function UserFactors({ user }: { user: ServerUser }) {
  return (
    <section className="panel" aria-labelledby="factors-title">
      <h2 id="factors-title">Sign-in methods</h2>
      <FactorGroup
        id="emails-title"
        title="Emails"
        empty="No email address."
        items={user.emails.map((e) => (
          <li key={e.email_id}>
            {e.email} <Verified verified={e.verified} />
          </li>
        ))}
      />
      <FactorGroup
        id="phones-title"
        title="Phone numbers"
        empty="No phone number."
        items={user.phone_numbers.map((p) => (
          <li key={p.phone_id}>
            <span className="mono">{p.phone_number}</span> <Verified verified={p.verified} />
          </li>
        ))}
      />
      <FactorGroup
        id="passkeys-title"
        title="Passkeys"
        empty="No passkey."
        items={user.webauthn_registrations.map((r) => (
          <li key={r.webauthn_registration_id}>
            <strong>{r.name || 'Passkey'}</strong>
            {r.authenticator_type &&
              ` (${r.authenticator_type === 'platform' ? 'this device' : 'security key'})`}
            <span className="hint">
              <When at={r.created_at} prefix="Added" />
              {r.last_authenticated_at ? '; ' : '; never used to sign in'}
              <When at={r.last_authenticated_at} prefix="last used" />
            </span>
          </li>
        ))}
      />
      <FactorGroup
        id="totps-title"
        title="Authenticator apps"
        empty="No authenticator app."
        items={user.totps.map((t) => (
          <li key={t.totp_id}>
            <span className="mono">{t.totp_id}</span> <Verified verified={t.verified} />
          </li>
        ))}
      />
      <FactorGroup
        id="wallets-title"
        title="Crypto wallets"
        empty="No wallet."
        items={user.crypto_wallets.map((w) => (
          <li key={w.crypto_wallet_id}>
            {w.crypto_wallet_type}: <span className="mono">{w.crypto_wallet_address}</span>{' '}
            <Verified verified={w.verified} />
          </li>
        ))}
      />
      <FactorGroup
        id="oauth-title"
        title="OAuth links"
        empty="No linked OAuth identity."
        items={user.providers.map((p) => (
          <li key={p.oauth_user_registration_id}>
            <strong>{oauthProviderName(p.provider_type)}</strong>
            <span className="hint">
              Subject <span className="mono">{p.provider_subject}</span>
            </span>
          </li>
        ))}
      />
    </section>
  );
}
