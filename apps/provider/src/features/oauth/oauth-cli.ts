/**
 * @module oauth-cli — `latchkey-provider oauth set|list|remove`: a project's upstream OAuth
 * providers from a shell, as JSON. Secrets go in (sealed when LATCHKEY_KEY_ENCRYPTION_SECRET is
 * set) and never come out.
 */
import { parseArgs } from 'node:util';
import type { Clock } from '../../clock.js';
import type { DbExecutor } from '../../db/database.js';
import type { Random } from '../../random.js';
import { readDevProjectFile } from '../projects/dev-project.js';
import { projectDirectory } from '../projects/project-directory.js';
import { listOAuthConfigSummaries, removeOAuthConfig, saveOAuthConfig } from './oauth-config-store.js';
import { type UpstreamConfigInput, validateUpstreamConfig } from './upstream/upstream-config.js';

export const OAUTH_USAGE = `  latchkey-provider oauth set --project ID|--dev --provider NAME --client-id X --client-secret Y
      [--issuer URL] [--authorization-endpoint URL] [--token-endpoint URL] [--jwks-uri URL]
      [--userinfo-endpoint URL] [--scope S]... [--apple-team-id T --apple-key-id K --apple-private-key-file F]
      Configure an upstream provider (google, microsoft, apple, github have presets; any other
      wire name needs --issuer or the endpoints). Replaces the project's earlier one. Apple takes
      the team id, key id and .p8 file instead of --client-secret.
  latchkey-provider oauth list --project ID|--dev
      Print the project's providers (never their secrets).
  latchkey-provider oauth remove --project ID|--dev --provider NAME
      Remove a provider; sign-ins with it stop at once.`;

/** A mistake in the command line (exit code 2, like other usage errors). */
export class OAuthCommandError extends Error {
  override readonly name = 'OAuthCommandError';
}

/** The project a command is about. */
export type ProjectRef = { dev: true } | { id: string };

/** A parsed `oauth` command. */
export type OAuthCommand =
  | { verb: 'set'; project: ProjectRef; input: UpstreamConfigInput }
  | { verb: 'list'; project: ProjectRef }
  | { verb: 'remove'; project: ProjectRef; provider: string };

/**
 * Parses the words after `oauth`. `readFile` reads the Apple private key file (injected so tests
 * need no file system).
 */
export function parseOAuthCommand(argv: string[], readFile: (path: string) => string): OAuthCommand {
  let parsed: ReturnType<typeof parse>;
  try {
    parsed = parse(argv);
  } catch (error) {
    throw new OAuthCommandError(`${error instanceof Error ? error.message : String(error)}\n${OAUTH_USAGE}`);
  }
  const { values, positionals } = parsed;
  const [verb, ...extra] = positionals;
  if (extra.length > 0 || (verb !== 'set' && verb !== 'list' && verb !== 'remove')) {
    throw new OAuthCommandError(`Usage:\n${OAUTH_USAGE}`);
  }
  if ((values.project === undefined) === (values.dev !== true)) {
    throw new OAuthCommandError('Name the project with exactly one of --project ID and --dev.');
  }
  const project: ProjectRef = values.dev ? { dev: true } : { id: values.project as string };
  if (verb === 'list') return { verb, project };
  if (values.provider === undefined) throw new OAuthCommandError('--provider NAME is required.');
  if (verb === 'remove') return { verb, project, provider: values.provider };
  if (values['client-id'] === undefined) throw new OAuthCommandError('--client-id is required.');

  const input: UpstreamConfigInput = { providerType: values.provider, clientId: values['client-id'] };
  const optional = {
    clientSecret: values['client-secret'],
    issuer: values.issuer,
    authorizationEndpoint: values['authorization-endpoint'],
    tokenEndpoint: values['token-endpoint'],
    jwksUri: values['jwks-uri'],
    userinfoEndpoint: values['userinfo-endpoint'],
  };
  for (const [key, value] of Object.entries(optional) as Array<[keyof typeof optional, string | undefined]>) {
    if (value !== undefined) input[key] = value;
  }
  if (values.scope) input.scopes = values.scope;
  const apple = [values['apple-team-id'], values['apple-key-id'], values['apple-private-key-file']];
  if (apple.some((value) => value !== undefined)) {
    const [teamId, keyId, keyFile] = apple;
    if (teamId === undefined || keyId === undefined || keyFile === undefined) {
      throw new OAuthCommandError(
        'Apple needs all of --apple-team-id, --apple-key-id and --apple-private-key-file.',
      );
    }
    let privateKeyPem: string;
    try {
      privateKeyPem = readFile(keyFile);
    } catch (error) {
      throw new OAuthCommandError(
        `Cannot read --apple-private-key-file ${keyFile}: ${(error as Error).message}`,
      );
    }
    input.apple = { teamId, keyId, privateKeyPem };
  }
  return { verb, project, input };
}

function parse(argv: string[]) {
  return parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      project: { type: 'string' },
      dev: { type: 'boolean' },
      provider: { type: 'string' },
      'client-id': { type: 'string' },
      'client-secret': { type: 'string' },
      issuer: { type: 'string' },
      'authorization-endpoint': { type: 'string' },
      'token-endpoint': { type: 'string' },
      'jwks-uri': { type: 'string' },
      'userinfo-endpoint': { type: 'string' },
      scope: { type: 'string', multiple: true },
      'apple-team-id': { type: 'string' },
      'apple-key-id': { type: 'string' },
      'apple-private-key-file': { type: 'string' },
    },
  });
}

/** What running a command needs. */
export interface OAuthCommandDeps {
  clock: Clock;
  random: Random;
  keyEncryptionSecret: string | undefined;
  /** Where dev-project.json is (for --dev). */
  dataDir: string;
}

async function projectIdOf(db: DbExecutor, dataDir: string, ref: ProjectRef): Promise<string> {
  if ('dev' in ref) {
    const credentials = readDevProjectFile(dataDir);
    if (!credentials || !(await projectDirectory.findById(db, credentials.project_id))) {
      throw new OAuthCommandError('No development project yet: run `latchkey-provider project create`.');
    }
    return credentials.project_id;
  }
  if (!(await projectDirectory.findById(db, ref.id))) throw new OAuthCommandError(`No project ${ref.id}.`);
  return ref.id;
}

/** Runs a parsed command; the result is what the CLI prints as JSON (never a secret). */
export async function runOAuthCommand(
  db: DbExecutor,
  deps: OAuthCommandDeps,
  command: OAuthCommand,
): Promise<Record<string, unknown>> {
  const projectId = await projectIdOf(db, deps.dataDir, command.project);
  switch (command.verb) {
    case 'set': {
      const result = validateUpstreamConfig(command.input);
      if (!result.ok) throw new OAuthCommandError(result.message);
      return { project_id: projectId, provider: await saveOAuthConfig(db, deps, projectId, result.config) };
    }
    case 'list':
      return { project_id: projectId, providers: await listOAuthConfigSummaries(db, projectId) };
    case 'remove':
      if (!(await removeOAuthConfig(db, projectId, command.provider))) {
        throw new OAuthCommandError(`Project ${projectId} has no ${command.provider} provider.`);
      }
      return { project_id: projectId, provider_type: command.provider, removed: true };
  }
}
