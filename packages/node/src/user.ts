/** @module user — the wire User object (wire/objects.md), as the server-facing API returns it: `@latchkey/wire`'s. */

/** The wire User object (snake_case). Every list is present, possibly empty. */
export type { User } from '@latchkey/wire';
