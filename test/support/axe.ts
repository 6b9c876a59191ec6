import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

/** axe-core's browser build, evaluated in the page (through the browser's debugging protocol, so the CSP allows it). */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
/** WCAG 2.0, 2.1 and 2.2, levels A and AA. */
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'];

export type Violation = { screen: string; rule: string; impact: string; targets: string[]; help: string };

/** Runs axe on the page as it is now and returns what it found, each violation named after the screen. */
async function axeRun(page: Page, screen: string): Promise<Violation[]> {
  // Let the screen settle: no spinner, no toast or dialog still fading in.
  await page.locator('.page-spinner').first().waitFor({ state: 'hidden' });
  await page.waitForTimeout(400);
  // A toast moving in or out is half transparent (its text then fails contrast): wait until each one shown is
  // fully there. One also moves, and fades in again, when a dialog opens or closes (AppToaster).
  await page.waitForFunction(() => {
    // This file is compiled without the DOM's types.
    const window = globalThis as unknown as {
      document: { querySelectorAll(selector: string): Iterable<{ dataset: Record<string, string | undefined> }> };
      getComputedStyle(element: unknown): { opacity: string };
    };
    return [...window.document.querySelectorAll('[data-sonner-toast]')].every(
      (toast) =>
        toast.dataset.visible === 'false' ||
        (toast.dataset.removed !== 'true' && window.getComputedStyle(toast).opacity === '1'),
    );
  });
  if (!(await page.evaluate(() => 'axe' in globalThis))) await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async (tags) => {
    type AxeResult = {
      violations: { id: string; impact: string | null; help: string; nodes: { target: unknown[] }[] }[];
    };
    const axe = (globalThis as unknown as { axe: { run(options: unknown): Promise<AxeResult> } }).axe;
    const result = await axe.run({ runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] });
    return result.violations.map((violation) => ({
      rule: violation.id,
      impact: violation.impact ?? 'unknown',
      help: violation.help,
      targets: violation.nodes.map((node) => node.target.map(String).join(' ')),
    }));
  }, WCAG_TAGS);
  return violations.map((violation) => ({ screen, ...violation }));
}

/** Sweeps screen after screen of one page, keeping what it found and the names of the screens swept. */
export function sweeper(page: Page) {
  const screens: string[] = [];
  const found: Violation[] = [];
  return {
    screens,
    found,
    async sweep(screen: string) {
      screens.push(screen);
      found.push(...(await axeRun(page, screen)));
    },
    summary: (who: string, label: string) =>
      `axe, ${who} screens at ${label}: ${screens.length} screens swept; violations by impact ` +
      `${JSON.stringify(byImpact(found))}; ${JSON.stringify(found)}`,
  };
}

const byImpact = (violations: readonly Violation[]) =>
  violations.reduce<Record<string, number>>(
    (counts, { impact }) => ({ ...counts, [impact]: (counts[impact] ?? 0) + 1 }),
    {},
  );
export const serious = (violations: readonly Violation[]) =>
  violations.filter(({ impact }) => impact === 'serious' || impact === 'critical');
