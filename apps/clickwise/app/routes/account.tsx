/** /account — who is signed in, and sign out. */
import {
  type ActionFunctionArgs,
  Form,
  type LoaderFunctionArgs,
  type MetaFunction,
  redirect,
  useLoaderData,
} from 'react-router';
import { appOf, assertSameOrigin, currentUser, sessionCookieOf, sessionTokenOf } from '../.server/request.js';
import { clearedSessionCookie, revokeSiteSession } from '../.server/site-sessions.js';

export const meta: MetaFunction = () => [{ title: 'Account — Clickwise' }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await currentUser(request, context);
  return {
    account: user
      ? { id: user.id, email: user.email, since: new Date(user.created_at).toISOString().slice(0, 10) }
      : null,
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  assertSameOrigin(request, context);
  const app = appOf(context);
  await revokeSiteSession(app.db, app.clock, sessionTokenOf(request, context));
  return redirect('/', {
    status: 303,
    headers: { 'Set-Cookie': clearedSessionCookie(sessionCookieOf(context)) },
  });
}

export default function Account() {
  const { account } = useLoaderData<typeof loader>();
  if (!account) return null;
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
      <Form method="post" reloadDocument>
        <button type="submit" className="button button-secondary">
          Sign out
        </button>
      </Form>
    </div>
  );
}
