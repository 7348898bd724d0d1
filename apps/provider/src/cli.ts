#!/usr/bin/env node
/**
 * @module cli — `latchkey-provider start`, `project create|update|show|list|rotate-secret`, `oauth
 * set|list|remove` and `operator-key create|list|revoke`: manage projects from a shell, output as
 * JSON. Every change goes through the project administration API (src/cli/choose-api.ts: over
 * HTTP to a running provider, else in-process), so the CLI and the API share one code path.
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { CliSetupError, chooseOperatorApi } from './cli/choose-api.js';
import {
  MIGRATE_TO_POSTGRES_USAGE,
  MigrateUsageError,
  runMigrateToPostgres,
} from './cli/migrate-to-postgres.js';
import { type OperatorApi, OperatorApiError } from './cli/operator-api.js';
import { loadConfig, type ProviderConfig } from './config.js';
import { parseCaptchaFlags } from './features/captcha/captcha-flags.js';
import {
  OAUTH_USAGE,
  OAuthCommandError,
  parseOAuthCommand,
  runOAuthCommand,
} from './features/oauth/oauth-cli.js';
import { DEV_PROJECT_KEY, isDevProjectKey, readDevProjectFile } from './features/projects/dev-project.js';
import { parsePasswordConfigFlags } from './features/projects/password-config-flags.js';
import { checkProjectName } from './features/projects/project-name.js';
import { parseVerticalFlag } from './features/projects/project-vertical-flag.js';
import { SEND_LIMIT_FIELDS, type SendLimits } from './features/projects/send-limits.js';

const USAGE = `Usage:
  latchkey-provider start
      Start the provider (HTTP on PORT, default 4000; data in LATCHKEY_DATA_DIR, default .data, or
      DATABASE_URL). In development it creates the development project and prints where its
      credentials are.
  latchkey-provider project create
      Ensure the development project exists (.data/dev-project.json) and print its credentials.
  latchkey-provider project create --dev KEY [--name NAME] [--login-redirect-url URL] [--signup-redirect-url URL]
      Ensure a further development project (any http://localhost origin and redirect URL, like the
      development project) kept in .data/KEY-project.json, e.g. one per local app so that each app's
      emails carry its own name. A new project is named NAME; an existing one keeps its name and gets
      the redirect URLs given. Prints its credentials.
  latchkey-provider project create --name NAME [--origin URL]... [--redirect-url URL]...
      [--login-redirect-url URL] [--signup-redirect-url URL] [--live] [--pkce] [--disable-watermark] [--siwe] [--mfa]
      [--send-limit KEY=N]... [--password-policy zxcvbn|luds] [--luds-min-length N] [--luds-complexity N]
      [--captcha-site-key KEY [--captcha-min-score N]] [--vertical consumer|b2b|none]
      [--email-sender-name NAME] [--email-sender-address ADDRESS] [--sms-sender SENDER]
      Create a project and print its credentials (the secret is shown once and stored hashed).
      --siwe: Ethereum wallets sign in with EIP-4361 (Sign-In with Ethereum) messages.
      --mfa: every sign-in but a passkey needs a second factor (TOTP, recovery code or SMS code).
      --captcha-site-key: sign-in calls need a reCAPTCHA Enterprise token scoring at least
      --captcha-min-score (0..1, default 0.5); needs LATCHKEY_RECAPTCHA_ASSESSMENT_URL on the server.
      Send limit keys: ${Object.values(SEND_LIMIT_FIELDS)
        .map((f) => f.json)
        .join(', ')}.
      --vertical: the kind of project the bootstrap tells the official SDK (default consumer).
  latchkey-provider project update [PROJECT_ID] [--name NAME] [--vertical consumer|b2b|none]
      [--email-sender-name NAME] [--email-sender-address ADDRESS] [--sms-sender SENDER]
      Change the display name (which emails and passkey prompts show), the vertical or the senders
      of PROJECT_ID (default: the development project) and print its configuration. A running
      provider uses it at once (PATCH /v1/projects/{id} changes every other setting).
      --email-sender-name/--email-sender-address: the From of the project's emails; --sms-sender:
      its SMS sender id (1-11 letters and digits) or E.164 number. An empty value ('') goes back to
      the deployment's LATCHKEY_MAIL_FROM / LATCHKEY_SMS_FROM.
  latchkey-provider project show [PROJECT_ID]
      Print the development project's credentials, or the configuration of PROJECT_ID.
  latchkey-provider project list
      Print every project's configuration (never a secret).
  latchkey-provider project rotate-secret PROJECT_ID [--grace-minutes N]
      Give the project a new secret (printed once); the old one is still accepted for N minutes
      (default 1440, one day; 0: refused at once; at most 10080).
  latchkey-provider operator-key create [--name NAME] | list | revoke KEY_ID
      Operator keys of the administration API: create prints the key once (stored hashed).
  latchkey-provider operator invite EMAIL
      Invite EMAIL to the console (/console): prints a single-use link, valid 7 days, that the
      person opens, signs up or in with (passkey, or password plus an authenticator app) and accepts.
${OAUTH_USAGE}
${MIGRATE_TO_POSTGRES_USAGE}

Every command goes through the project administration API: with --url URL (or LATCHKEY_URL) to
that provider; else, on PGlite, to the provider running on this data directory
(LATCHKEY_PUBLIC_URL, default http://localhost:PORT); else in this process. Over HTTP the
operator key is LATCHKEY_OPERATOR_KEY, else .data/operator-key.json (written by a development provider).

Environment: DATABASE_URL, LATCHKEY_DATA_DIR, NODE_ENV, LATCHKEY_KEY_ENCRYPTION_SECRET, LATCHKEY_URL,
LATCHKEY_OPERATOR_KEY (see docs/provider-api.md).`;

class UsageError extends Error {}

/** `--send-limit recipient_interval_seconds=30` → { recipient_interval_seconds: 30 } (ranges checked by the API). */
function parseSendLimits(pairs: string[]): Record<string, number> {
  const limits: Record<string, number> = {};
  for (const pair of pairs) {
    const [key, value] = pair.split('=');
    const field = (Object.keys(SEND_LIMIT_FIELDS) as Array<keyof SendLimits>).find(
      (name) => SEND_LIMIT_FIELDS[name].json === key,
    );
    if (!field || value === undefined || !/^\d+$/.test(value))
      throw new UsageError(`Bad --send-limit ${pair}`);
    limits[SEND_LIMIT_FIELDS[field].json] = Number(value);
  }
  return limits;
}

function print(value: unknown): void {
  process.stdout.write(`${JSON.stringify(value, null, 2)}\n`);
}

/** The API for this invocation, closed once the command is done. */
async function withApi<T>(
  config: ProviderConfig,
  url: string | undefined,
  work: (api: OperatorApi) => Promise<T>,
) {
  const { api, close } = await chooseOperatorApi(
    config,
    url ?? (process.env.LATCHKEY_URL?.trim() || undefined),
  );
  try {
    return await work(api);
  } finally {
    await close();
  }
}

/** `--url URL` anywhere in argv, taken out (every command accepts it). */
function takeUrl(argv: string[]): { url: string | undefined; rest: string[] } {
  const rest = [...argv];
  const at = rest.findIndex((word) => word === '--url' || word.startsWith('--url='));
  if (at === -1) return { url: undefined, rest };
  const word = rest[at] as string;
  const url = word.includes('=') ? word.slice('--url='.length) : rest[at + 1];
  rest.splice(at, word.includes('=') ? 1 : 2);
  if (!url) throw new UsageError('--url needs a URL, e.g. --url http://localhost:4000');
  return { url, rest };
}

/** `oauth …`: parsed before anything is opened, so a usage mistake touches nothing. */
async function runOAuth(argv: string[], url: string | undefined): Promise<void> {
  const command = parseOAuthCommand(argv, (path) => readFileSync(path, 'utf8'));
  const config = loadConfig(process.env, { requireTransports: false });
  print(
    await withApi(config, url, (api) =>
      runOAuthCommand(
        {
          api,
          dataDir: config.dataDir,
          isUsageMistake: (e) => e instanceof OperatorApiError && e.isUsageMistake,
        },
        command,
      ),
    ),
  );
}

/** `operator-key create [--name NAME] | list | revoke KEY_ID`. */
async function runOperatorKey(argv: string[], url: string | undefined): Promise<void> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { name: { type: 'string' } },
  });
  const [verb, id, ...extra] = positionals;
  if (extra.length > 0 || !(verb === 'create' || verb === 'list' || (verb === 'revoke' && id !== undefined)))
    throw new UsageError(USAGE);
  const config = loadConfig(process.env, { requireTransports: false });
  print(
    await withApi(config, url, async (api) => {
      if (verb === 'create') {
        const answer = await api({
          method: 'POST',
          path: '/v1/operator_keys',
          body: values.name === undefined ? {} : { name: values.name },
        });
        return { ...(answer.operator_key as object), secret: answer.secret };
      }
      if (verb === 'list')
        return { operator_keys: (await api({ method: 'GET', path: '/v1/operator_keys' })).operator_keys };
      return (await api({ method: 'DELETE', path: `/v1/operator_keys/${encodeURIComponent(id as string)}` }))
        .operator_key;
    }),
  );
}

/** `operator invite EMAIL`: a console invite link, printed once. */
async function runOperatorInvite(argv: string[], url: string | undefined): Promise<void> {
  const [verb, email, ...extra] = argv;
  if (verb !== 'invite' || email === undefined || extra.length > 0) throw new UsageError(USAGE);
  const config = loadConfig(process.env, { requireTransports: false });
  print(
    await withApi(config, url, async (api) => {
      const answer = await api({ method: 'POST', path: '/v1/console_operators/invites', body: { email } });
      return { ...(answer.operator as object), invite_url: answer.invite_url };
    }),
  );
}

/** The project's credentials as `project create` has always printed them. */
function credentialsOf(answer: Record<string, unknown>) {
  const project = (answer.project ?? answer) as { project_id: string; public_token: string };
  return { project_id: project.project_id, public_token: project.public_token, secret: answer.secret };
}

async function run(argv: string[]): Promise<void> {
  // Asked for: the usage on stdout and success (a mistake prints it on stderr and exits 2).
  if (argv.length === 0 || ['help', '--help', '-h'].includes(argv[0] as string)) {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  // The server itself, configured by the environment like `npm start` (docs/provider-api.md).
  if (argv[0] === 'start' && argv.length === 1) {
    await import('./main.js');
    return;
  }
  const { url, rest } = takeUrl(argv);
  if (rest[0] === 'oauth') return runOAuth(rest.slice(1), url);
  if (rest[0] === 'operator-key') return runOperatorKey(rest.slice(1), url);
  if (rest[0] === 'operator') return runOperatorInvite(rest.slice(1), url);
  if (rest[0] === 'migrate-to-postgres') return runMigrateToPostgres(rest.slice(1));
  const { values, positionals } = parseArgs({
    args: rest,
    allowPositionals: true,
    options: {
      name: { type: 'string' },
      dev: { type: 'string' },
      origin: { type: 'string', multiple: true },
      'redirect-url': { type: 'string', multiple: true },
      'login-redirect-url': { type: 'string' },
      'signup-redirect-url': { type: 'string' },
      live: { type: 'boolean' },
      pkce: { type: 'boolean' },
      'disable-watermark': { type: 'boolean' },
      siwe: { type: 'boolean' },
      mfa: { type: 'boolean' },
      'send-limit': { type: 'string', multiple: true },
      'password-policy': { type: 'string' },
      'luds-min-length': { type: 'string' },
      'luds-complexity': { type: 'string' },
      'captcha-site-key': { type: 'string' },
      'captcha-min-score': { type: 'string' },
      vertical: { type: 'string' },
      'email-sender-name': { type: 'string' },
      'email-sender-address': { type: 'string' },
      'sms-sender': { type: 'string' },
      'grace-minutes': { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  const [noun, verb, id] = positionals;
  const verbs = ['create', 'update', 'show', 'list', 'rotate-secret'];
  if (values.help || noun !== 'project' || verb === undefined || !verbs.includes(verb))
    throw new UsageError(USAGE);
  // Checked before anything is opened, so a usage mistake touches nothing.
  let name: string | undefined;
  if (values.name !== undefined) {
    const checked = checkProjectName(values.name);
    if (!checked.ok) throw new UsageError(checked.problem);
    name = checked.name;
  }
  const vertical = values.vertical === undefined ? undefined : parseVerticalFlag(values.vertical);
  if (vertical && !vertical.ok) throw new UsageError(vertical.problem);
  // Checked by the API (one validator for both); '' sends null, the deployment's sender.
  const senders: Record<string, string | null> = {};
  for (const flag of ['email-sender-name', 'email-sender-address', 'sms-sender'] as const) {
    const value = values[flag];
    if (value !== undefined) senders[flag.replaceAll('-', '_')] = value === '' ? null : value;
  }
  if (verb === 'update' && name === undefined && !vertical && Object.keys(senders).length === 0)
    throw new UsageError(
      'project update needs --name NAME, --vertical consumer|b2b|none or a sender (--email-sender-name, --email-sender-address, --sms-sender).',
    );
  if (values.dev !== undefined && (verb !== 'create' || !isDevProjectKey(values.dev)))
    throw new UsageError(`Bad --dev ${values.dev} (project create --dev KEY; KEY of a-z, 0-9 and -).`);
  if (verb === 'rotate-secret' && id === undefined)
    throw new UsageError('project rotate-secret needs PROJECT_ID.');
  const grace = values['grace-minutes'];
  if (grace !== undefined && !/^\d+$/.test(grace)) throw new UsageError(`Bad --grace-minutes ${grace}`);
  const captcha = parseCaptchaFlags(values['captcha-site-key'], values['captcha-min-score']);
  if (!captcha.ok) throw new UsageError(captcha.problem);
  const password = parsePasswordConfigFlags({
    policy: values['password-policy'],
    ludsMinLength: values['luds-min-length'],
    ludsComplexity: values['luds-complexity'],
  });
  if (!password.ok) throw new UsageError(password.problem);
  const sendLimits = parseSendLimits(values['send-limit'] ?? []);

  const config = loadConfig(process.env, { requireTransports: false });
  const devProjectId = () => {
    const projectId = readDevProjectFile(config.dataDir)?.project_id;
    if (projectId === undefined)
      throw new UsageError('No development project yet: run `latchkey-provider project create`.');
    return projectId;
  };
  const path = (projectId: string) => `/v1/projects/${encodeURIComponent(projectId)}`;
  await withApi(config, url, async (api) => {
    if (verb === 'create' && (values.dev !== undefined || name === undefined)) {
      const key = values.dev ?? DEV_PROJECT_KEY;
      const answer = await api({
        method: 'PUT',
        path: `/v1/dev_projects/${key}`,
        body: {
          ...(values.dev !== undefined && name !== undefined ? { name } : {}),
          ...(values['login-redirect-url'] ? { login_redirect_url: values['login-redirect-url'] } : {}),
          ...(values['signup-redirect-url'] ? { signup_redirect_url: values['signup-redirect-url'] } : {}),
        },
      });
      print(credentialsOf(answer));
    } else if (verb === 'create') {
      const redirects = values['redirect-url'] ?? [];
      const { strengthPolicy, ludsMinimumCount, ludsComplexity } = password.config;
      const answer = await api({
        method: 'POST',
        path: '/v1/projects',
        body: {
          name,
          live: values.live ?? false,
          allowed_origins: values.origin ?? [],
          allowed_redirect_urls: redirects,
          default_login_redirect_url: values['login-redirect-url'] ?? redirects[0] ?? null,
          default_signup_redirect_url: values['signup-redirect-url'] ?? redirects[0] ?? null,
          pkce_required_for_email_magic_links: values.pkce ?? false,
          disable_sdk_watermark: values['disable-watermark'] ?? false,
          siwe_required_for_crypto_wallets: values.siwe ?? false,
          mfa_required: values.mfa ?? false,
          ...(Object.keys(sendLimits).length > 0 ? { send_limits: sendLimits } : {}),
          password_config: {
            ...(strengthPolicy === undefined ? {} : { strength_policy: strengthPolicy }),
            ...(ludsMinimumCount === undefined ? {} : { luds_min_length: ludsMinimumCount }),
            ...(ludsComplexity === undefined ? {} : { luds_complexity: ludsComplexity }),
          },
          ...(captcha.settings.captchaSiteKey === null
            ? {}
            : {
                captcha: {
                  site_key: captcha.settings.captchaSiteKey,
                  min_score: captcha.settings.captchaMinScore,
                },
              }),
          ...(vertical?.ok ? { vertical: vertical.vertical } : {}),
          ...senders,
        },
      });
      print(credentialsOf(answer));
    } else if (verb === 'update') {
      const answer = await api({
        method: 'PATCH',
        path: path(id ?? devProjectId()),
        body: {
          ...(name === undefined ? {} : { name }),
          ...(vertical?.ok ? { vertical: vertical.vertical } : {}),
          ...senders,
        },
      });
      print(answer.project);
    } else if (verb === 'show' && id === undefined) {
      const credentials = readDevProjectFile(config.dataDir);
      if (!credentials)
        throw new UsageError('No development project yet: run `latchkey-provider project create`.');
      try {
        await api({ method: 'GET', path: path(credentials.project_id) });
      } catch (error) {
        if (error instanceof OperatorApiError && error.errorType === 'project_not_found')
          throw new UsageError('No development project yet: run `latchkey-provider project create`.');
        throw error;
      }
      print(credentials);
    } else if (verb === 'show') {
      print((await api({ method: 'GET', path: path(id as string) })).project);
    } else if (verb === 'list') {
      const projects: unknown[] = [];
      let cursor: string | null = null;
      do {
        const query: string = `?limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
        const page = await api({ method: 'GET', path: `/v1/projects${query}` });
        projects.push(...(page.projects as unknown[]));
        cursor = (page.results_metadata as { next_cursor: string | null }).next_cursor;
      } while (cursor);
      print({ projects });
    } else {
      const answer = await api({
        method: 'POST',
        path: `${path(id as string)}/secrets/rotate`,
        body: grace === undefined ? {} : { grace_period_minutes: Number(grace) },
      });
      const project = answer.project as { project_id: string; previous_secret_expires_at: string | null };
      print({
        project_id: project.project_id,
        secret: answer.secret,
        previous_secret_expires_at: project.previous_secret_expires_at,
      });
    }
  });
}

run(process.argv.slice(2)).catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  const usage =
    error instanceof UsageError ||
    error instanceof OAuthCommandError ||
    error instanceof CliSetupError ||
    error instanceof MigrateUsageError ||
    (error instanceof OperatorApiError && error.isUsageMistake);
  process.exit(usage ? 2 : 1);
});
