/** @module passcode-failures.table — the passcode_failures counter: consecutive wrong passcodes per destination, and the lock at the cap. */
import type { Selectable } from 'kysely';

/**
 * Columns of `passcode_failures`: the consecutive wrong passcodes tried for one email address or
 * phone number of a project (any code, any channel, with or without a session). No row: none
 * since the last proof of control. At PASSCODE_CAP (`locked_at` set) it is the lock.
 */
export interface PasscodeFailuresTable {
  project_id: string;
  destination: string;
  failures: number;
  last_failure_at: Date;
  locked_at: Date | null;
}

export type PasscodeFailuresRow = Selectable<PasscodeFailuresTable>;
