/** {basepath}/user/authenticate — where login and signup links and Google sign-ins land; the token is redeemed server-side. */
import { useEffect } from 'react';
import { data, type LoaderFunctionArgs, type MetaFunction, redirect, useLoaderData } from 'react-router';
import { redeemSignIn } from '../.server/redeem-sign-in.js';
import { appOf, sessionCookieOf } from '../.server/request.js';
import { createSiteSession, sessionCookie } from '../.server/site-sessions.js';
import { upsertUser } from '../.server/users.js';
import { foundReturnLocation } from '../client/after-sign-in.js';
import { SESSION_DURATION_MINUTES } from '../components/sign-in-config.js';
import { useSignIn } from '../components/sign-in-modal.js';
import { SiteHeader } from '../components/site-header.js';
import { parseSignInReturn } from '../sign-in-return.js';

export const meta: MetaFunction = () => [{ title: 'Signing in — Clickwise' }];

/** Where a fresh sign-in continues; the page-load script then follows a stored return location. */
export const AFTER_SIGN_IN_PATH = '/campaigns';

// The URL carries a one-time token: never leak it through Referer (SECURITY I5).
export const headers = () => ({ 'Referrer-Policy': 'no-referrer', 'Cache-Control': 'no-store' });

export async function loader({ request, context }: LoaderFunctionArgs) {
  const app = appOf(context);
  const signIn = parseSignInReturn(new URL(request.url).searchParams);
  if (signIn.kind === 'incomplete') {
    return data({ problem: 'This sign-in link is incomplete.' }, { status: 400, headers: headers() });
  }
  if (signIn.kind === 'failed') {
    // The provider sent the person back without a session (cancelled at Google, refused): a
    // normal outcome of this page, shown as such.
    return data({ problem: signIn.message }, { headers: headers() });
  }
  const redeemed = await redeemSignIn(app.latchkey(), signIn.type, signIn.token, SESSION_DURATION_MINUTES);
  if (!redeemed.ok) {
    return data({ problem: redeemed.problem }, { status: redeemed.status, headers: headers() });
  }
  const user = await upsertUser(app.db, app.clock, {
    latchkeyUserId: redeemed.latchkeyUserId,
    email: redeemed.email,
  });
  const siteToken = await createSiteSession(app.db, app.clock, {
    userId: user.id,
    latchkeySessionId: redeemed.latchkeySessionId,
    expiresAt: redeemed.expiresAt,
  });
  return redirect(AFTER_SIGN_IN_PATH, {
    headers: {
      'Set-Cookie': sessionCookie(sessionCookieOf(context), siteToken, redeemed.expiresAt),
      ...headers(),
    },
  });
}

export default function UserAuthenticate() {
  const { problem } = useLoaderData<{ problem: string }>();
  const { open } = useSignIn();
  // Where the visitor was going before the sign-in: the page load cleared it (spec §4), so it
  // is stored again when the sign-in reopens, or a second try would land on the default page.
  const reopen = () => open({ returnTo: foundReturnLocation() ?? AFTER_SIGN_IN_PATH, message: problem });
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the page shows
  useEffect(reopen, []);
  return (
    <>
      <SiteHeader />
      <main className="prose">
        <h1>Sign-in did not work</h1>
        <p role="alert">{problem}</p>
        <p>
          <button type="button" className="button" onClick={reopen}>
            Try again
          </button>
        </p>
      </main>
    </>
  );
}
