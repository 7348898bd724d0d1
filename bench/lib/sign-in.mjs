/**
 * Signs a fresh user in through the provider's browser-facing API exactly as the widget would:
 * email magic link login_or_create, the link read from the dev outbox, magic_links/authenticate.
 * Returns the session token the session bench then authenticates with.
 */

export const pageOrigin = 'http://localhost:4100';

/** Headers of a browser-facing call from the demo page, with Basic `publicToken:secret`. */
export function sdkHeaders(publicToken, secret = publicToken) {
  return {
    authorization: `Basic ${Buffer.from(`${publicToken}:${secret}`).toString('base64')}`,
    'content-type': 'application/json',
    origin: pageOrigin,
    'x-sdk-parent-host': pageOrigin,
  };
}

async function call(url, init) {
  const response = await fetch(url, { ...init, signal: AbortSignal.timeout(10_000) });
  const text = await response.text();
  if (!response.ok)
    throw new Error(`${init?.method ?? 'GET'} ${url} → ${response.status}: ${text.slice(0, 500)}`);
  return JSON.parse(text);
}

/** @returns {Promise<{ email: string, sessionToken: string, sessionJwt: string }>} */
export async function signInWithMagicLink(providerUrl, project, { sessionDurationMinutes = 60 } = {}) {
  const email = `bench-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
  const headers = sdkHeaders(project.public_token);
  const redirect = `${pageOrigin}/authenticate`;
  await call(`${providerUrl}/sdk/v1/magic_links/email/login_or_create`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ login_magic_link_url: redirect, signup_magic_link_url: redirect, email }),
  });
  const token = await magicLinkTokenFromOutbox(providerUrl, email);
  const { data } = await call(`${providerUrl}/sdk/v1/magic_links/authenticate`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ token, session_duration_minutes: sessionDurationMinutes }),
  });
  if (typeof data?.session_token !== 'string') throw new Error(`no session_token in ${JSON.stringify(data)}`);
  return { email, sessionToken: data.session_token, sessionJwt: data.session_jwt };
}

/**
 * The delivery worker sends after the request has answered (so its timing says nothing about the
 * address), so the message may not be in the outbox yet: poll for it, bounded.
 */
async function magicLinkTokenFromOutbox(providerUrl, email, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  let messages;
  while (Date.now() < deadline) {
    ({ messages } = await call(`${providerUrl}/dev/outbox/messages?to=${encodeURIComponent(email)}`));
    const message = messages?.[0];
    const token = `${message?.text ?? ''} ${message?.html ?? ''}`.match(/[?&]token=([A-Za-z0-9_-]+)/)?.[1];
    if (token) return token;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(
    `no magic-link token in the outbox for ${email} within ${timeoutMs} ms: ${JSON.stringify(messages)}`,
  );
}
