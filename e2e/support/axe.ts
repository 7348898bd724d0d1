// Accessibility checks with axe-core: any violation fails the test with its ids.
//
// axe runs in the page itself, loaded once per document. @axe-core/playwright's AxeBuilder sent
// the 1.3 MB unminified source on every check, and again into a blank page it opened to merge the
// results: that took 72 % of the time axe cost the suite, three times the rules' own run
// (issue 18). The pages checked have no frames inside the checked part (a check that finds one
// fails, rather than skip what is in it).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { expect, type Page } from '@playwright/test';
import type { AxeResults, ElementContext, RunOptions } from 'axe-core';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** What part of the page to check: a selector, or the whole body but some parts. */
export interface AxeScope {
  include: string;
  exclude?: string[];
}

/** The page's violations within `scope`, as `id: help (nodes)` lines. */
export async function axeViolations(page: Page, scope: AxeScope): Promise<string[]> {
  const loaded = await page.evaluate(() => typeof (window as { axe?: unknown }).axe === 'object');
  if (!loaded) await page.evaluate(axeSource);
  const context: ElementContext = { include: [scope.include], exclude: scope.exclude ?? [] };
  // Only violations are read: the other result types keep one node each instead of every node.
  const options: RunOptions = { iframes: false, resultTypes: ['violations'] };
  const { framesInScope, violations } = await page.evaluate<
    { framesInScope: number; violations: string[] },
    { context: unknown; options: unknown }
  >(
    async ({ context, options }) => {
      const axe = (window as unknown as { axe: typeof import('axe-core') }).axe;
      const results: AxeResults = await axe.run(context as ElementContext, options as RunOptions);
      return {
        framesInScope: axe.utils.getFrameContexts(context as ElementContext).length,
        violations: results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.length})`),
      };
    },
    { context, options },
  );
  if (framesInScope > 0)
    throw new Error(`${framesInScope} frame(s) inside "${scope.include}": axe does not check them here`);
  return violations;
}

/** Fails the test, with the rules' ids, when `selector` (the widget by default) has violations. */
export async function expectNoAxeViolations(page: Page, selector = '#login'): Promise<void> {
  expect(await axeViolations(page, { include: selector })).toEqual([]);
}
