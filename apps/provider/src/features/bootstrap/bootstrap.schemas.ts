/** @module bootstrap.schemas — GET /projects/bootstrap/{public_token} (wire/endpoints.md "Project bootstrap"); the answer is `@latchkey/wire`'s. */
import { Type } from 'typebox';

/** Path parameters. */
export const BootstrapParams = Type.Object({ public_token: Type.String({ minLength: 1, maxLength: 256 }) });

export { type Bootstrap, BootstrapFields, BootstrapResponse } from '@latchkey/wire';
