// The official browser SDK, unchanged, on an integrator's page of another origin, against the real
// provider (issue 17 item 6): 6.x fetches with `credentials: 'include'`, reads `project_name`,
// `vertical` and `rbac_policy` from the bootstrap, and its widget's phone tab parses numbers through
// the client-side services frame in its own message format. 5.1.1 must keep working.
import { readFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { join } from 'node:path';
import type { ConsoleMessage, Page } from '@playwright/test';
import { expect, snapshot, test } from '../support/fixtures.js';
import {
  officialHostUrl,
  startOfficialSdkHost,
} from '../support/official-sdk-host/serve-official-sdk-host.js';
import {
  magicLinkIn,
  passcodeIn,
  uniqueEmail,
  uniquePhoneNumber,
  waitForMessages,
} from '../support/outbox.js';
import { e2eDataDir, providerUrl } from '../support/stack.js';

/** The official client as the host page exposes it (`window.official`); only what the tests call. */
interface OfficialClient {
  magicLinks: {
    email: { loginOrCreate(email: string, options: object): Promise<{ status_code: number }> };
    authenticate(token: string, options: object): Promise<{ user_id: string }>;
  };
  rbac: { allPermissions(): Promise<Record<string, unknown>> };
  user: {
    getSync(): {
      user_id: string;
      emails: { email: string }[];
      phone_numbers: { phone_number: string }[];
    } | null;
  };
  session: {
    getSync(): { session_id: string } | null;
    authenticate(options: object): Promise<{ session: { session_id: string } }>;
  };
}
declare global {
  interface Window {
    official: OfficialClient;
    /** 5.1.1's B2B client (`?b2b=1`): in that major only it reads the RBAC policy. */
    officialB2B: Pick<OfficialClient, 'rbac'>;
  }
}

const versions = [
  { name: '6.x', path: '/v6' },
  { name: '5.1.1', path: '/v5' },
] as const;

let host: Server;
test.beforeAll(async () => {
  host = await startOfficialSdkHost();
});
test.afterAll(async () => {
  await new Promise((resolve) => host?.close(resolve));
});

function devPublicToken(): string {
  const file = join(e2eDataDir, 'dev-project.json');
  return (JSON.parse(readFileSync(file, 'utf8')) as { public_token: string }).public_token;
}

function hostPage(path: string, extra: Record<string, string> = {}): string {
  const query = new URLSearchParams({ public_token: devPublicToken(), api: providerUrl, ...extra });
  return `${officialHostUrl}${path}?${query}`;
}

/**
 * The one thing the official client loads that Latchkey does not serve: 5.1.1's "powered by" image
 * from the vendor's asset host, shown while the bootstrap says `disable_sdk_watermark: false`
 * (as the development project does, for Latchkey's own widget). Offline, its load fails.
 */
const VENDOR_WATERMARK = 'https://public-assets.stytch.com/et_powered_by_stytch_logo.png';

/**
 * Every console error and warning, every uncaught error and every failed load of the page, as
 * text, read at the end; failed loads of the vendor's watermark image are left out, with as many
 * of the console lines the browser writes for a failed load, and so are loads a navigation cancelled.
 */
function watchConsole(page: Page): () => string[] {
  const lines: string[] = [];
  const failedLoads: string[] = [];
  page.on('console', (message: ConsoleMessage) => {
    if (message.type() === 'error' || message.type() === 'warning')
      lines.push(`${message.type()}: ${message.text()}`);
  });
  page.on('requestfailed', (request) => {
    // A request the page's own navigation cancelled (a telemetry batch in flight) failed nothing.
    if (request.failure()?.errorText !== 'net::ERR_ABORTED') failedLoads.push(request.url());
  });
  page.on('pageerror', (error) => lines.push(`pageerror: ${error.message}`));
  return () => {
    let excused = failedLoads.filter((url) => url === VENDOR_WATERMARK).length;
    const kept = lines.filter((line) => {
      if (excused === 0 || !line.startsWith('error: Failed to load resource: net::ERR_NAME_NOT_RESOLVED'))
        return true;
      excused -= 1;
      return false;
    });
    return [...kept, ...failedLoads.filter((url) => url !== VENDOR_WATERMARK).map((url) => `failed: ${url}`)];
  };
}

/** The digits of every number the frame's `phone_numbers/parse` calls have answered, as the page saw them. */
function frameParseAnswers(page: Page): Set<string> {
  const answered = new Set<string>();
  page.on('requestfinished', (request) => {
    if (!request.url().includes('phone_numbers/parse')) return;
    const sent = (request.postDataJSON() as { number?: unknown }).number;
    answered.add(String(sent ?? '').replace(/\D/g, ''));
  });
  return answered;
}

/** The bootstrap as the SDK cached it after a successful fetch (it caches nothing after a failure). */
async function cachedBootstrap(page: Page): Promise<Record<string, unknown>> {
  const key = `stytch_sdk_state_${devPublicToken()}::bootstrap`;
  await expect
    .poll(() => page.evaluate((k) => window.localStorage.getItem(k), key), {
      message: 'the SDK fetched the bootstrap (a CORS refusal leaves nothing cached)',
    })
    .not.toBeNull();
  return JSON.parse((await page.evaluate((k) => window.localStorage.getItem(k), key)) ?? '{}');
}

for (const version of versions) {
  test(`the official ${version.name} client bootstraps and signs in by magic link from another origin`, async ({
    page,
    request,
  }) => {
    const problems = watchConsole(page);
    const email = uniqueEmail(`official-${version.name.replace(/\W/g, '')}`);

    await test.step('the bootstrap reaches the client, with the project named and the empty RBAC policy', async () => {
      const is6 = version.name === '6.x';
      await page.goto(hostPage(version.path, is6 ? {} : { b2b: '1' }));
      const bootstrap = await cachedBootstrap(page);
      expect(bootstrap).toMatchObject({ rbacPolicy: { roles: [], resources: [] } });
      if (is6) expect(bootstrap).toMatchObject({ projectName: 'Development project', vertical: 'CONSUMER' });
      // The RBAC client settles once it has judged the bootstrap's policy: after that, no log.
      const permissions = await page.evaluate(
        (six) => (six ? window.official : window.officialB2B).rbac.allPermissions(),
        is6,
      );
      expect(permissions).toEqual({});
      // The B2B client stays off the page where the person signs in.
      if (!is6) await page.goto(hostPage(version.path));
    });

    await test.step('a magic link is sent through the credentialed cross-origin call', async () => {
      const landing = hostPage(version.path);
      const sent = await page.evaluate(
        ({ address, url }) =>
          window.official.magicLinks.email.loginOrCreate(address, {
            login_magic_link_url: url,
            signup_magic_link_url: url,
          }),
        { address: email, url: landing },
      );
      expect(sent.status_code).toBe(200);
    });

    await test.step('opening the link on the host page signs the person in', async () => {
      const [message] = await waitForMessages(request, email, 1);
      const link = magicLinkIn(message!);
      expect(link.startsWith(`${officialHostUrl}${version.path}?`)).toBe(true);
      await page.goto(link);
      const token = new URL(link).searchParams.get('token') ?? '';
      await page.evaluate(
        (t) => window.official.magicLinks.authenticate(t, { session_duration_minutes: 60 }),
        token,
      );
      expect(await page.evaluate(() => window.official.session.getSync()?.session_id)).toMatch(
        /^session-test-/,
      );
      expect(await page.evaluate(() => window.official.user.getSync()?.emails[0]?.email)).toBe(email);
    });

    await test.step('after a reload the client refreshes the session it keeps', async () => {
      const before = await page.evaluate(() => window.official.session.getSync()?.session_id);
      await page.reload();
      const refreshed = await page.evaluate(() =>
        window.official.session.authenticate({ session_duration_minutes: 60 }),
      );
      expect(refreshed.session.session_id).toBe(before);
    });

    expect(problems().filter((text) => text.includes('Unable to retrieve RBAC policy'))).toEqual([]);
    expect(problems()).toEqual([]);
  });
}

for (const version of versions) {
  test(`the official ${version.name} widget's phone tab validates through Latchkey's frame and signs in by text`, async ({
    page,
    request,
  }) => {
    const problems = watchConsole(page);
    const phone = uniquePhoneNumber();
    const login = page.locator('#login');
    const field = login.locator('#phone-input');

    await test.step('the number typed is formatted by the frame as the person types', async () => {
      const answered = frameParseAnswers(page);
      await page.goto(hostPage(version.path, { widget: 'sms' }));
      await cachedBootstrap(page);
      // Key by key, each after the frame answered the last one and the field showed it: the widget
      // rewrites the field with the frame's answer, and 5.1.1 lets a late answer overwrite a newer
      // key, so on a busy machine a key typed while the previous answer was on its way is lost.
      for (let typed = 1; typed <= phone.national.length; typed += 1) {
        const digits = phone.national.slice(0, typed);
        await field.press(phone.national[typed - 1] ?? '');
        await expect.poll(() => answered.has(digits), { message: `the frame answered ${digits}` }).toBe(true);
        await expect.poll(async () => (await field.inputValue()).replace(/\D/g, '')).toBe(digits);
      }
      // Only the frame's parsedPhoneNumber answer turns 415555… into (415) 555-….
      await expect(field).toHaveValue(`(415) 555-${phone.national.slice(6)}`);
      await snapshot(page, `official-${version.name}-phone-tab`);
    });

    await test.step('submitting sends the text to the E.164 number the frame answered', async () => {
      await login.getByRole('button', { name: 'Continue with text message' }).click();
      const [message] = await waitForMessages(request, phone.e164, 1);
      expect(message?.channel).toBe('sms');
      await expect(login.getByText(/sent to/i).first()).toBeVisible();
      await snapshot(page, `official-${version.name}-passcode`);
      await page.setViewportSize({ width: 360, height: 800 });
      await snapshot(page, `official-${version.name}-passcode-360`);
      const code = passcodeIn(message!);
      // 6.x's passcode field is one labelled input behind six boxes; 5.1.1 focuses its own. Into
      // 5.1.1's, key by key, each once the field shows the last: typed at a fixed pace, a key that
      // came while the widget was still rendering the field was lost on a busy machine.
      const passcode = login.getByLabel('One-time passcode');
      if (version.name === '6.x') await passcode.pressSequentially(code);
      else {
        await expect(passcode).toBeFocused();
        for (let typed = 1; typed <= code.length; typed += 1) {
          await page.keyboard.press(code[typed - 1] ?? '');
          // The sixth key submits the code, and the field may go with it.
          if (typed < code.length) await expect(passcode).toHaveValue(code.slice(0, typed));
        }
      }
      await expect
        .poll(() => page.evaluate(() => window.official.user.getSync()?.phone_numbers[0]?.phone_number))
        .toBe(phone.e164);
    });

    expect(problems()).toEqual([]);
  });
}
