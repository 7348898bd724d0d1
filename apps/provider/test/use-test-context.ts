/** The provider test context of one test file (or one describe block), without the beforeAll/afterAll preamble. */
import { fileScoped } from './file-scoped.js';
import { createTestContext, type TestContext, type TestContextOptions } from './test-app.js';

/**
 * A fresh provider (own database, manual clock) built before the file's first test and closed
 * after its last, exactly as `let ctx; beforeAll(createTestContext); afterAll(close)` did: one
 * per file, never shared across files, so each file's database isolation is unchanged. Pass a
 * function when the options need awaiting or must be read when the hook runs.
 */
export function useTestContext(
  options: TestContextOptions | (() => TestContextOptions | Promise<TestContextOptions>) = {},
): TestContext {
  return fileScoped(
    'the test context',
    async () => createTestContext(typeof options === 'function' ? await options() : options),
    (ctx) => ctx.close(),
  );
}
