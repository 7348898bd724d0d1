/** /account — who is signed in, sign out, and delete the account (after a confirmation step). */
import { useEffect, useRef } from 'react';
import {
  type ActionFunctionArgs,
  data,
  Form,
  Link,
  type LoaderFunctionArgs,
  type MetaFunction,
  redirect,
  useActionData,
  useLoaderData,
  useNavigation,
} from 'react-router';
import { listCampaigns } from '../.server/campaigns.js';
import { deleteLatchkeyAccount } from '../.server/delete-account.js';
import { appOf, assertSameOrigin, currentUser, sessionCookieOf, sessionTokenOf } from '../.server/request.js';
import { clearedSessionCookie, revokeSiteSession } from '../.server/site-sessions.js';

export const meta: MetaFunction = () => [{ title: 'Account — Clickwise' }];

/** Where a deleted account's visitor lands: the home page says the deletion is done. */
export const ACCOUNT_DELETED_LOCATION = '/?account_deleted=1';

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await currentUser(request, context);
  const confirming = new URL(request.url).searchParams.get('delete') === 'confirm';
  return {
    account: user
      ? {
          id: user.id,
          email: user.email,
          since: new Date(user.created_at).toISOString().slice(0, 10),
          campaigns: confirming ? (await listCampaigns(appOf(context).db, user.id)).length : 0,
        }
      : null,
    confirming,
  };
}

/** The visitor's site session ends and the cookie is cleared; then `location`. */
async function signedOutTo(request: Request, context: ActionFunctionArgs['context'], location: string) {
  const app = appOf(context);
  await revokeSiteSession(app.db, app.clock, sessionTokenOf(request, context));
  return redirect(location, {
    status: 303,
    headers: { 'Set-Cookie': clearedSessionCookie(sessionCookieOf(context)) },
  });
}

export async function action({ request, context }: ActionFunctionArgs) {
  assertSameOrigin(request, context);
  const form = await request.formData();
  if (form.get('intent') !== 'delete-account') return signedOutTo(request, context, '/');
  const user = await currentUser(request, context);
  if (!user) return redirect('/', 303);
  const outcome = await deleteLatchkeyAccount(appOf(context), user);
  if (!outcome.ok) return data({ deleteError: outcome.message }, { status: 502 });
  return signedOutTo(request, context, ACCOUNT_DELETED_LOCATION);
}

export default function Account() {
  const { account, confirming } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const deleting = useNavigation().formData?.get('intent') === 'delete-account';
  const confirmHeading = useRef<HTMLHeadingElement>(null);
  const deleteError = actionData && 'deleteError' in actionData ? actionData.deleteError : null;
  // Focus moves to what changed: the confirmation step when it opens, its error when one comes.
  useEffect(() => {
    if (confirming || deleteError) confirmHeading.current?.focus();
  }, [confirming, deleteError]);
  if (!account) return null;
  const campaigns = `${account.campaigns} campaign${account.campaigns === 1 ? '' : 's'}`;
  return (
    <div className="page">
      <h1>Account</h1>
      <dl className="campaign-details">
        <dt>Email</dt>
        <dd>{account.email}</dd>
        <dt>Customer number</dt>
        <dd>{account.id}</dd>
        <dt>Member since</dt>
        <dd>{account.since}</dd>
      </dl>
      <div className="account-actions">
        <Form method="post" reloadDocument>
          <input type="hidden" name="intent" value="sign-out" />
          <button type="submit" className="button button-secondary">
            Sign out
          </button>
        </Form>
        {confirming ? null : (
          <Link to="?delete=confirm" className="button button-danger-outline">
            Delete account…
          </Link>
        )}
      </div>
      {confirming ? (
        <section className="danger-zone" aria-labelledby="delete-account-heading">
          <h2 id="delete-account-heading" ref={confirmHeading} tabIndex={-1}>
            Delete your Clickwise account?
          </h2>
          <p id="delete-account-what">
            This deletes your sign-in ({account.email}) and everything Clickwise keeps for you: your{' '}
            {campaigns}, drafts included, and your customer number {account.id}. You will be signed out. This
            cannot be undone.
          </p>
          {deleteError ? (
            <p className="form-error" role="alert">
              {deleteError}
            </p>
          ) : null}
          <Form method="post" className="account-actions" aria-describedby="delete-account-what">
            <input type="hidden" name="intent" value="delete-account" />
            <button
              type="submit"
              className="button button-danger"
              disabled={deleting}
              aria-disabled={deleting}
            >
              {deleting ? 'Deleting your account…' : 'Delete my account'}
            </button>
            <Link to="/account" className="button button-secondary">
              Keep my account
            </Link>
          </Form>
        </section>
      ) : null}
    </div>
  );
}
