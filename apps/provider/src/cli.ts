#!/usr/bin/env node
/** @module cli — `latchkey-provider project create|update|show` and `oauth set|list|remove`: manage projects from a shell, output as JSON. */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { systemClock } from './clock.js';
import { loadConfig } from './config.js';
import { openDatabase } from './db/open-database.js';
import { parseCaptchaFlags } from './features/captcha/captcha-flags.js';
import {
  OAUTH_USAGE,
  OAuthCommandError,
  parseOAuthCommand,
  runOAuthCommand,
} from './features/oauth/oauth-cli.js';
import { ensureDevProject, isDevProjectKey, readDevProjectFile } from './features/projects/dev-project.js';
import { toProject } from './features/projects/project.js';
import { checkProjectName } from './features/projects/project-name.js';
import { parseVerticalFlag } from './features/projects/project-vertical-flag.js';
import { findProjectById, updateProject } from './features/projects/projects.repository.js';
import { createProject } from './features/projects/projects.service.js';
import { SEND_LIMIT_FIELDS, type SendLimits } from './features/projects/send-limits.js';
import { cryptoRandom } from './random.js';

const USAGE = `Usage:
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
      Change the display name (which emails and passkey prompts show) or the vertical of PROJECT_ID
      (default: the development project) and print its configuration. A running provider uses it
      within 5 seconds.
  latchkey-provider project show [PROJECT_ID]
      Print the development project's credentials, or the configuration of PROJECT_ID.
${OAUTH_USAGE}

Environment: DATABASE_URL, LATCHKEY_DATA_DIR, NODE_ENV, LATCHKEY_KEY_ENCRYPTION_SECRET (see docs/provider-api.md).`;

class UsageError extends Error {}

/** `--send-limit recipient_interval_seconds=30` → { recipientIntervalSeconds: 30 } (ranges checked on create). */
function parseSendLimits(pairs: string[]): Partial<SendLimits> {
  const limits: Partial<SendLimits> = {};
  for (const pair of pairs) {
    const [key, value] = pair.split('=');
    const field = (Object.keys(SEND_LIMIT_FIELDS) as Array<keyof SendLimits>).find(
      (name) => SEND_LIMIT_FIELDS[name].json === key,
    );
    if (!field || value === undefined || !/^\d+$/.test(value))
      throw new UsageError(`Bad --send-limit ${pair}`);
    limits[field] = Number(value);
  }
  return limits;
}

/** `--password-policy` and the LUDS counts → the project's passwordConfig (ranges checked on create). */
function parsePasswordConfig(values: {
  'password-policy'?: string | undefined;
  'luds-min-length'?: string | undefined;
  'luds-complexity'?: string | undefined;
}) {
  const policy = values['password-policy'] ?? 'zxcvbn';
  if (policy !== 'zxcvbn' && policy !== 'luds') throw new UsageError(`Bad --password-policy ${policy}`);
  // LUDS has four kinds of character; a minimum beyond 256 could never be typed into the widget.
  const count = (flag: 'luds-min-length' | 'luds-complexity', fallback: number, max: number): number => {
    const value = values[flag];
    if (value === undefined) return fallback;
    if (!/^\d+$/.test(value) || Number(value) < 1 || Number(value) > max)
      throw new UsageError(`Bad --${flag} ${value} (1..${max})`);
    return Number(value);
  };
  return {
    strengthPolicy: policy,
    ludsMinimumCount: count('luds-min-length', 8, 256),
    ludsComplexity: count('luds-complexity', 3, 4),
  } as const;
}

function print(value: unknown): void {
  process.stdout.write(`${JSON.stringify(value, null, 2)}\n`);
}

/** `oauth …`: parsed before the database opens, so a usage mistake touches nothing. */
async function runOAuth(argv: string[]): Promise<void> {
  const command = parseOAuthCommand(argv, (path) => readFileSync(path, 'utf8'));
  const config = loadConfig(process.env, { requireTransports: false });
  const database = await openDatabase(config);
  try {
    print(
      await runOAuthCommand(
        database.db,
        {
          clock: systemClock,
          random: cryptoRandom,
          keyEncryptionSecret: config.keyEncryptionSecret,
          dataDir: config.dataDir,
        },
        command,
      ),
    );
  } finally {
    await database.close();
  }
}

async function run(argv: string[]): Promise<void> {
  if (argv[0] === 'oauth') return runOAuth(argv.slice(1));
  const { values, positionals } = parseArgs({
    args: argv,
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
      help: { type: 'boolean', short: 'h' },
    },
  });
  const [noun, verb, id] = positionals;
  if (values.help || noun !== 'project' || (verb !== 'create' && verb !== 'update' && verb !== 'show'))
    throw new UsageError(USAGE);
  // Checked before the database opens, so a usage mistake touches nothing.
  let name: string | undefined;
  if (values.name !== undefined) {
    const checked = checkProjectName(values.name);
    if (!checked.ok) throw new UsageError(checked.problem);
    name = checked.name;
  }
  const vertical = values.vertical === undefined ? undefined : parseVerticalFlag(values.vertical);
  if (vertical && !vertical.ok) throw new UsageError(vertical.problem);
  if (verb === 'update' && name === undefined && !vertical)
    throw new UsageError('project update needs --name NAME or --vertical consumer|b2b|none.');
  if (values.dev !== undefined && (verb !== 'create' || !isDevProjectKey(values.dev)))
    throw new UsageError(`Bad --dev ${values.dev} (project create --dev KEY; KEY of a-z, 0-9 and -).`);

  const config = loadConfig(process.env, { requireTransports: false });
  const database = await openDatabase(config);
  const deps = { clock: systemClock, random: cryptoRandom };
  try {
    if (verb === 'create' && values.dev !== undefined) {
      const { credentials } = await ensureDevProject(
        database.db,
        { ...deps, dataDir: config.dataDir },
        {
          key: values.dev,
          ...(name === undefined ? {} : { name }),
          ...(values['login-redirect-url'] ? { loginRedirectUrl: values['login-redirect-url'] } : {}),
          ...(values['signup-redirect-url'] ? { signupRedirectUrl: values['signup-redirect-url'] } : {}),
        },
      );
      print(credentials);
    } else if (verb === 'create' && name === undefined) {
      print((await ensureDevProject(database.db, { ...deps, dataDir: config.dataDir })).credentials);
    } else if (verb === 'create') {
      const captcha = parseCaptchaFlags(values['captcha-site-key'], values['captcha-min-score']);
      if (!captcha.ok) throw new UsageError(captcha.problem);
      const redirects = values['redirect-url'] ?? [];
      const { credentials } = await createProject(database.db, deps, {
        name: name as string,
        environment: values.live ? 'live' : 'test',
        allowedOrigins: values.origin ?? [],
        allowedRedirectUrls: redirects,
        defaultLoginRedirectUrl: values['login-redirect-url'] ?? redirects[0] ?? null,
        defaultSignupRedirectUrl: values['signup-redirect-url'] ?? redirects[0] ?? null,
        pkceRequiredForEmailMagicLinks: values.pkce ?? false,
        disableSdkWatermark: values['disable-watermark'] ?? false,
        siweRequiredForCryptoWallets: values.siwe ?? false,
        mfaRequired: values.mfa ?? false,
        sendLimits: parseSendLimits(values['send-limit'] ?? []),
        passwordConfig: parsePasswordConfig(values),
        ...captcha.settings,
        ...(vertical?.ok ? { vertical: vertical.vertical } : {}),
      });
      print(credentials);
    } else if (verb === 'update') {
      const projectId = id ?? readDevProjectFile(config.dataDir)?.project_id;
      if (projectId === undefined)
        throw new UsageError('No development project yet: run `latchkey-provider project create`.');
      const row = await updateProject(database.db, projectId, {
        ...(name === undefined ? {} : { name }),
        ...(vertical?.ok ? { vertical: vertical.vertical } : {}),
      });
      if (!row) throw new UsageError(`No project ${projectId}.`);
      const { secretHash: _hidden, ...project } = toProject(row);
      print(project);
    } else if (id === undefined) {
      const credentials = readDevProjectFile(config.dataDir);
      const row = credentials ? await findProjectById(database.db, credentials.project_id) : undefined;
      if (!credentials || !row)
        throw new UsageError('No development project yet: run `latchkey-provider project create`.');
      print(credentials);
    } else {
      const row = await findProjectById(database.db, id);
      if (!row) throw new UsageError(`No project ${id}.`);
      const { secretHash: _hidden, ...project } = toProject(row);
      print(project);
    }
  } finally {
    await database.close();
  }
}

run(process.argv.slice(2)).catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(error instanceof UsageError || error instanceof OAuthCommandError ? 2 : 1);
});
