/** @module catalog — the wire's error codes (`@latchkey/wire`), and where the provider documents each. */
import type { ErrorCode } from '@latchkey/wire/error-codes';

export { type CatalogEntry, type ErrorCode, errorCatalog } from '@latchkey/wire/error-codes';

/** Where each error is documented (docs/provider-api.md, relative to the repository). */
export function errorUrl(code: ErrorCode): string {
  return `docs/provider-api.md#${code}`;
}
