/**
 * @module console-bootstrap — what a start does for the console: makes sure the operator project
 * exists, and in development, while nobody has accepted an invite, writes a fresh invite link to
 * `.data/console-invite.json` (owner-only; never into the log, SECURITY B10) so the first
 * operator needs no CLI. Production prints none: there the first operator comes from
 * `latchkey-provider operator invite EMAIL` (run on the server, or with LATCHKEY_OPERATOR_KEY).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Clock } from '../../clock.js';
import type { Db } from '../../db/database.js';
import type { Random } from '../../random.js';
import { hasActiveConsoleOperator } from './console-operators.repository.js';
import { inviteConsoleOperator } from './console-operators.service.js';
import { ensureOperatorProject } from './operator-project.js';

/** The address the development invite is for (the operator signs up with it). */
export const DEV_OPERATOR_EMAIL = 'operator@example.com';

/** The development invite's file in the data directory. */
export const DEV_CONSOLE_INVITE_FILE = 'console-invite.json';

interface Logger {
  info(fields: Record<string, unknown>, line: string): void;
}

export async function ensureConsoleOperators(
  db: Db,
  deps: {
    clock: Clock;
    random: Random;
    publicUrl: string;
    /** Development: where the first operator's invite is written; production: undefined. */
    devDataDir: string | undefined;
    logger: Logger;
  },
): Promise<void> {
  const { project, outcome } = await ensureOperatorProject(db, {
    ...deps,
    consoleOrigin: new URL(deps.publicUrl).origin,
  });
  deps.logger.info(
    { project_id: project.id, outcome, console: `${deps.publicUrl}/console/` },
    'console operator project ready',
  );
  if (deps.devDataDir === undefined || (await hasActiveConsoleOperator(db))) return;
  const { inviteUrl } = await inviteConsoleOperator(db, deps, {
    email: DEV_OPERATOR_EMAIL,
    invitedBy: 'development',
  });
  const file = join(deps.devDataDir, DEV_CONSOLE_INVITE_FILE);
  mkdirSync(deps.devDataDir, { recursive: true });
  writeFileSync(file, `${JSON.stringify({ email: DEV_OPERATOR_EMAIL, invite_url: inviteUrl }, null, 2)}\n`, {
    mode: 0o600,
  });
  deps.logger.info(
    { email: DEV_OPERATOR_EMAIL, invite_file: file },
    'no console operator yet: open the invite link in the file, sign up with the address shown, and accept',
  );
}
