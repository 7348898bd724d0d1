/**
 * The bundle bench's bleed check catches @latchkey/wire's schema library: a browser bundle that
 * took the schemas (not just their types) names TypeBox. Run with `node --test bench/`.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { bundleForBrowser, findBleed, findWidgetBleed } from './bundle-size.mjs';
import { repoRoot } from './lib/provider-process.mjs';

/** A browser bundle of `contents` (TypeScript, resolved from the repo root). */
const bundle = (contents) => bundleForBrowser({ stdin: { contents, resolveDir: repoRoot, loader: 'ts' } });

test('a bundle that takes a wire schema at run time fails the check, in the client and in the widget', async () => {
  const { code, inputs } = await bundle("export { UserSchema } from '@latchkey/wire';");
  assert.ok(findBleed(code, inputs).some((hit) => hit.name === 'typebox'));
  assert.ok(findWidgetBleed(code).length > 0);
});

test('the wire leaves and type-only imports pass it', async () => {
  const { code, inputs } = await bundle(
    "import type { User } from '@latchkey/wire';\n" +
      "export { OAUTH_PROVIDER_TYPES } from '@latchkey/wire/oauth-providers';\n" +
      "export { INVALID_PASSCODE_MESSAGE } from '@latchkey/wire/messages';\n" +
      'export const user: User | null = null;',
  );
  assert.deepEqual(findBleed(code, inputs), []);
  assert.deepEqual(findWidgetBleed(code), []);
});
