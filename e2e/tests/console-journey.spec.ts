// The admin console's journey (issue 21), as one new operator walks it against the real provider:
// invited, they sign in with a passkey (a virtual authenticator), create a project, add an origin,
// configure Google through the development OpenID issuer and test it in a popup, find a person
// among 10 000 seeded users by typing the start of their address, revoke their sessions (the
// person's next request is refused), delete them (gone from the list, the server API, their own
// sign-in), add a webhook endpoint and see a signed delivery, and see the test sign-in they made
// on the activity chart. Every page is checked with axe and kept at desktop width and at 360 px.
// What the journey does not cover is in the other console specs.
import type { APIRequestContext } from '@playwright/test';
import {
  addOrigin,
  addPasskeyAndSignInWithIt,
  addWebhookEndpoint,
  configureGoogleAndTestSignIn,
  createProject,
  DESKTOP,
  deleteUserAfterStepUp,
  developmentOperatorKey,
  heading,
  joinAsInvitedOperator,
  look,
  nav,
  revokeAllSessions,
} from '../support/console.js';
import { expect, test } from '../support/fixtures.js';
import { uniqueEmail } from '../support/outbox.js';
import { providerUrl } from '../support/stack.js';
import type { VirtualAuthenticator } from '../support/virtual-authenticator.js';
import { startWebhookReceiver } from '../support/webhook-receiver.js';

const SEEDED = 10_000;
const APP_ORIGIN = 'https://app.example.com';
const PROJECT = 'Journey';

/** A call of the browser API as the project's app at APP_ORIGIN makes it (`secret`: a session token, or the public token). */
function sdk(request: APIRequestContext, publicToken: string, secret: string) {
  const headers = {
    authorization: `Basic ${Buffer.from(`${publicToken}:${secret}`).toString('base64')}`,
    origin: APP_ORIGIN,
    'x-sdk-parent-host': APP_ORIGIN,
  };
  return {
    get: (path: string) => request.get(`${providerUrl}/sdk/v1${path}`, { headers }),
    post: (path: string, data: object) => request.post(`${providerUrl}/sdk/v1${path}`, { headers, data }),
  };
}

test('an operator signs in with a passkey, sets up a project, finds, signs out and deletes a user among 10 000, gets a webhook and sees the sign-in on the chart', async ({
  page,
  request,
}) => {
  test.setTimeout(900_000);
  await page.setViewportSize(DESKTOP);
  const lookAt = (name: string) => look(page, `journey-${name}`);
  const operatorEmail = uniqueEmail('operator');
  const person = uniqueEmail('findme');
  const personPassword = 'amber lantern drifting homeward';
  const receiver = await startWebhookReceiver();
  let authenticator: VirtualAuthenticator;
  let projectId = '';
  let secret = '';
  let publicToken = '';
  let personSession = { token: '', userId: '' };
  const asBackEnd = () => ({
    authorization: `Basic ${Buffer.from(`${projectId}:${secret}`).toString('base64')}`,
  });

  try {
    await test.step('an invited operator joins, adds a passkey and signs in with it', async () => {
      ({ authenticator } = await joinAsInvitedOperator(page, request, operatorEmail, lookAt));
      await addPasskeyAndSignInWithIt(page, authenticator, operatorEmail, lookAt);
    });

    await test.step('creates a project; its secret is shown once', async () => {
      await nav(page).getByRole('link', { name: 'Projects' }).click();
      await expect(heading(page, 'Projects')).toBeVisible();
      await lookAt('05-projects');
      ({ projectId, secret } = await createProject(page, PROJECT, (name) => lookAt(`06-${name}`)));
      // A project's pages, the most used first.
      await expect(nav(page).getByRole('link').nth(1)).toHaveText('Users');
    });

    await test.step('adds an origin (a bad one is refused inline first); it survives a reload', async () => {
      await addOrigin(page, APP_ORIGIN, (name) => lookAt(`07-${name}`));
      await lookAt('08-settings-saved');
      await page.reload();
      await expect(
        page.getByRole('group', { name: 'Allowed origins' }).getByText(APP_ORIGIN, { exact: true }),
      ).toBeVisible();
    });

    await test.step('configures Google through the development issuer and tests the sign-in', async () => {
      await configureGoogleAndTestSignIn(page, PROJECT, 'tester@example.com', (name) => lookAt(`09-${name}`));
      await lookAt('10-oauth-tested');
    });

    await test.step(`${SEEDED} users are seeded, then a person signs up from the app's origin`, async () => {
      const seeded = await request.post(`${providerUrl}/dev/seed_users`, {
        headers: { authorization: `Bearer ${developmentOperatorKey()}` },
        data: { project_id: projectId, count: SEEDED },
        timeout: 300_000,
      });
      expect(seeded.ok(), await seeded.text()).toBe(true);
      const project = await request.get(`${providerUrl}/v1/projects/${projectId}`, {
        headers: { authorization: `Bearer ${developmentOperatorKey()}` },
      });
      publicToken = ((await project.json()) as { project: { public_token: string } }).project.public_token;
      // The origin just added is what lets the app's page call the browser API.
      const signUp = await sdk(request, publicToken, publicToken).post('/passwords', {
        email: person,
        password: personPassword,
        session_duration_minutes: 60,
      });
      expect(signUp.ok(), await signUp.text()).toBe(true);
      const { data } = (await signUp.json()) as { data: { session_token: string; user_id: string } };
      personSession = { token: data.session_token, userId: data.user_id };
      expect((await sdk(request, publicToken, personSession.token).get('/users/me')).status()).toBe(200);
    });

    await test.step('the users list is newest first: the person who just signed up leads it', async () => {
      await nav(page).getByRole('link', { name: 'Users' }).click();
      await expect(heading(page, 'Users')).toBeVisible();
      await expect(page.locator('.results-summary')).toHaveText(/^Users 1–25 of 10,00\d$/);
      await expect(page.locator('.users-table tbody tr')).toHaveCount(25);
      await expect(page.locator('.users-table tbody tr').first()).toContainText(person);
      await expect(page.getByLabel('Order')).toHaveValue('newest');
      await lookAt('11-users');
    });

    await test.step('finds the person by typing the start of their address', async () => {
      const findable = person.split('@')[0] as string;
      await page.getByRole('searchbox', { name: 'Email or user ID' }).fill(findable);
      await expect.poll(() => new URL(page.url()).searchParams.get('q')).toBe(findable);
      await expect(page.locator('.results-summary')).toHaveText('User 1 of 1');
      await lookAt('12-users-found');
      await page.getByRole('link', { name: person }).click();
      await expect(heading(page, person)).toBeFocused();
      await expect(page.getByRole('list', { name: 'Live sessions' }).getByRole('listitem')).toHaveCount(1);
      await lookAt('13-user');
    });

    await test.step('revokes their sessions: their next request is refused', async () => {
      await revokeAllSessions(page, 1, (name) => lookAt(`14-${name}`));
      const me = await sdk(request, publicToken, personSession.token).get('/users/me');
      // The wire's answer for an ended session (the hosted provider's): 404 session_not_found.
      expect([me.status(), ((await me.json()) as { error_type: string }).error_type]).toEqual([
        404,
        'session_not_found',
      ]);
    });

    await test.step('deletes them after a step-up with the passkey: they are gone everywhere', async () => {
      await deleteUserAfterStepUp(page, request, person, (name) => lookAt(`15-${name}`));
      await page.getByRole('searchbox', { name: 'Email or user ID' }).fill(person.split('@')[0] as string);
      await expect(page.getByRole('heading', { name: 'No users match' })).toBeVisible();
      // Said once: the summary above the empty state no longer repeats it.
      await expect(page.getByText(/No users match/)).toHaveCount(1);
      await lookAt('16-users-none');
      const gone = await request.get(`${providerUrl}/v1/users/${personSession.userId}`, {
        headers: asBackEnd(),
      });
      expect([gone.status(), ((await gone.json()) as { error_type: string }).error_type]).toEqual([
        404,
        'user_not_found',
      ]);
      const signIn = await sdk(request, publicToken, publicToken).post('/passwords/authenticate', {
        email: person,
        password: personPassword,
        session_duration_minutes: 60,
      });
      expect(signIn.status()).toBe(401);
      await page.goto(`${providerUrl}/console/projects/${projectId}/users/${personSession.userId}`);
      await expect(heading(page, 'User not found')).toBeVisible();
      await lookAt('17-user-not-found');
    });

    await test.step('adds a webhook endpoint and sees a signed delivery in its log', async () => {
      await nav(page).getByRole('link', { name: 'Webhooks' }).click();
      await expect(heading(page, `${PROJECT} webhooks`)).toBeFocused();
      await expect(page.getByRole('heading', { name: 'No endpoints yet' })).toBeVisible();
      await lookAt('18-webhooks-empty');
      receiver.state.secret = await addWebhookEndpoint(page, receiver.url, 'user.created', (name) =>
        lookAt(`19-${name}`),
      );
      await page.getByRole('link', { name: 'Open the endpoint and its delivery log' }).click();
      await expect(heading(page, receiver.url)).toBeFocused();
      const created = await request.post(`${providerUrl}/v1/users`, {
        headers: asBackEnd(),
        data: { email: uniqueEmail('webhook-user') },
      });
      expect(created.ok(), await created.text()).toBe(true);
      const userId = ((await created.json()) as { user_id: string }).user_id;
      // The log follows new deliveries by itself.
      const row = page.getByRole('row').filter({ hasText: 'user.created' });
      await expect(row).toContainText('Delivered', { timeout: 30_000 });
      await expect(row).toContainText('204');
      expect(receiver.received).toHaveLength(1);
      expect(receiver.received[0]?.error).toBeUndefined();
      expect(receiver.received[0]?.event).toMatchObject({ type: 'user.created', data: { user_id: userId } });
      await lookAt('20-webhook-delivered');
    });

    await test.step('the activity chart shows the test sign-in, by OAuth', async () => {
      await nav(page).getByRole('link', { name: 'Activity' }).click();
      await expect(heading(page, 'Activity')).toBeVisible();
      const signIns = page.getByRole('region', { name: 'Sign-ins by method' });
      // A new project: the one OAuth sign-in is the test's (the answering process writes its
      // counts before it reads; another process flushes within seconds).
      await expect(async () => {
        await page.getByRole('button', { name: 'Refresh' }).click();
        await expect(signIns.locator('figcaption')).toContainText('1 by oauth', { timeout: 2_000 });
      }).toPass();
      await expect(signIns.locator('canvas').first()).toBeVisible();
      await expect(signIns.getByRole('table').getByRole('columnheader', { name: 'OAuth' })).toBeVisible();
      await lookAt('21-activity');
    });
  } finally {
    receiver.close();
  }
});
