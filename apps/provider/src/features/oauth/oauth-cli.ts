/**
 * @module oauth-cli — `latchkey-provider oauth set|list|remove`: a project's upstream OAuth
 * providers from a shell, as JSON, through the administration API. Secrets go in (sealed when
 * LATCHKEY_KEY_ENCRYPTION_SECRET is set) and never come out.
 */
import { parseArgs } from 'node:util';
import { readDevProjectFile } from '../projects/dev-project.js';
import type { UpstreamConfigInput } from './upstream/upstream-config.js';

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

/**
 * The administration API as the command sees it: one call, answering the JSON or throwing an
 * error whose message is the API's (src/cli/operator-api.ts; injected so this folder does not
 * import the CLI).
 */
export type OAuthApi = (call: {
  method: 'GET' | 'PUT' | 'DELETE';
  path: string;
  body?: unknown;
}) => Promise<Record<string, unknown>>;

/** What running a command needs. */
export interface OAuthCommandDeps {
  api: OAuthApi;
  /** Where dev-project.json is (for --dev). */
  dataDir: string;
  /** Whether a refusal is the operator's mistake (exit 2) rather than a failure. */
  isUsageMistake: (error: unknown) => boolean;
}

function projectIdOf(dataDir: string, ref: ProjectRef): string {
  if (!('dev' in ref)) return ref.id;
  const credentials = readDevProjectFile(dataDir);
  if (!credentials)
    throw new OAuthCommandError('No development project yet: run `latchkey-provider project create`.');
  return credentials.project_id;
}

/** The PUT body of `set`: the API's snake_case fields. */
function bodyOf(input: UpstreamConfigInput): Record<string, unknown> {
  return {
    client_id: input.clientId,
    ...(input.clientSecret === undefined ? {} : { client_secret: input.clientSecret }),
    ...(input.issuer === undefined ? {} : { issuer: input.issuer }),
    ...(input.authorizationEndpoint === undefined
      ? {}
      : { authorization_endpoint: input.authorizationEndpoint }),
    ...(input.tokenEndpoint === undefined ? {} : { token_endpoint: input.tokenEndpoint }),
    ...(input.jwksUri === undefined ? {} : { jwks_uri: input.jwksUri }),
    ...(input.userinfoEndpoint === undefined ? {} : { userinfo_endpoint: input.userinfoEndpoint }),
    ...(input.scopes === undefined ? {} : { scopes: input.scopes }),
    ...(input.apple
      ? {
          apple: {
            team_id: input.apple.teamId,
            key_id: input.apple.keyId,
            private_key: input.apple.privateKeyPem,
          },
        }
      : {}),
  };
}

/**
 * Runs a parsed command through the administration API (PUT/GET/DELETE
 * /v1/projects/{id}/oauth_providers/…); the result is what the CLI prints as JSON (never a secret).
 */
export async function runOAuthCommand(
  deps: OAuthCommandDeps,
  command: OAuthCommand,
): Promise<Record<string, unknown>> {
  const projectId = projectIdOf(deps.dataDir, command.project);
  const base = `/v1/projects/${encodeURIComponent(projectId)}/oauth_providers`;
  try {
    switch (command.verb) {
      case 'set': {
        const answer = await deps.api({
          method: 'PUT',
          path: `${base}/${encodeURIComponent(command.input.providerType)}`,
          body: bodyOf(command.input),
        });
        return { project_id: projectId, provider: answer.oauth_provider };
      }
      case 'list':
        return {
          project_id: projectId,
          providers: (await deps.api({ method: 'GET', path: base })).oauth_providers,
        };
      case 'remove':
        await deps.api({ method: 'DELETE', path: `${base}/${encodeURIComponent(command.provider)}` });
        return { project_id: projectId, provider_type: command.provider, removed: true };
    }
  } catch (error) {
    if (!deps.isUsageMistake(error)) throw error;
    if ('dev' in command.project && (error as { errorType?: string }).errorType === 'project_not_found')
      throw new OAuthCommandError('No development project yet: run `latchkey-provider project create`.');
    throw new OAuthCommandError((error as Error).message);
  }
}
