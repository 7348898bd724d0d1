/** @module project-name — what a project's display name may be: emails and passkey prompts show it. */

/** Long enough for any product name, short enough for an email subject line. */
export const MAX_PROJECT_NAME_LENGTH = 100;

// C0/C1 controls (\p{Cc}) and the Unicode line and paragraph separators: a name goes into email subjects
// (a header line) and bodies, where a line break could start a new header or forge a paragraph.
const FORBIDDEN = /[\p{Cc}\u2028\u2029]/u;

/** The trimmed name, or what is wrong with it. */
export function checkProjectName(raw: string): { ok: true; name: string } | { ok: false; problem: string } {
  const name = raw.trim();
  if (name === '') return { ok: false, problem: 'A project name cannot be empty.' };
  if (FORBIDDEN.test(name))
    return { ok: false, problem: 'A project name cannot hold line breaks or control characters.' };
  if ([...name].length > MAX_PROJECT_NAME_LENGTH)
    return {
      ok: false,
      problem: `A project name can be at most ${MAX_PROJECT_NAME_LENGTH} characters long.`,
    };
  return { ok: true, name };
}
