/**
 * Accessibility gate: runs axe-core on the page (or part of it) and fails the test on any
 * violation of impact "serious" or "critical", printing each one readably (rule, help, URL and the
 * offending elements). Lesser findings are attached to the test report without failing it.
 *
 * A page without frames (all of the app's) is scanned with axe.run in the page itself
 * (AxeBuilder's legacy mode), with axe-core (about 550 kB of script) injected once per document.
 * The default mode runs axe.runPartial and then opens a new blank page in the test's browser
 * context for axe.finishRun, every scan: about three times the time for the same rules and the
 * same result on one document. A page with frames keeps the default mode, which is the one that
 * reaches into every kind of frame (legacy mode misses a srcdoc frame's content).
 */
import { AxeBuilder } from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';

type Violation = Awaited<ReturnType<AxeBuilder['analyze']>>['violations'][number];

export interface A11yOptions {
  /** CSS selectors to limit the scan to. */
  include?: string[];
  /** CSS selectors to leave out (e.g. a third-party widget). */
  exclude?: string[];
  /** axe rule ids to skip, each with a reason in the calling test. */
  disableRules?: string[];
}

const FAILING = new Set(['serious', 'critical']);
const NODES_SHOWN = 5;

function describe(violation: Violation): string {
  const lines = [`[${violation.impact ?? 'unknown'}] ${violation.id}: ${violation.help}`, `  ${violation.helpUrl}`];
  for (const node of violation.nodes.slice(0, NODES_SHOWN)) {
    lines.push(`  - ${node.target.join(' ')}`);
    const summary = node.failureSummary?.replace(/\s*\n\s*/g, ' ').trim();
    if (summary) lines.push(`    ${summary}`);
  }
  if (violation.nodes.length > NODES_SHOWN) lines.push(`  ... and ${violation.nodes.length - NODES_SHOWN} more elements`);
  return lines.join('\n');
}

/** `context` names the screen or state being checked, e.g. 'PIN pad, portrait'. */
export async function expectNoSeriousA11yViolations(page: Page, context: string, options: A11yOptions = {}): Promise<void> {
  let builder = new AxeBuilder({ page });
  if (page.frames().length === 1) {
    const injected = await page.evaluate('typeof window.axe?.run === "function"');
    builder = new AxeBuilder({ page, ...(injected === true ? { axeSource: ';' } : {}) }).setLegacyMode();
  }
  for (const selector of options.include ?? []) builder = builder.include(selector);
  for (const selector of options.exclude ?? []) builder = builder.exclude(selector);
  if (options.disableRules?.length) builder = builder.disableRules(options.disableRules);
  // Only the violations are read: axe's 'no-passes' reporter returns just those (the same rules run
  // on the same elements), rather than every passing and inapplicable check with its elements'
  // HTML, which the page serialised and sent back per scan (about 190 kB on the on-site screen).
  const { violations } = await builder.options({ reporter: 'no-passes' }).analyze();

  if (violations.length > 0) {
    await test.info().attach(`axe violations: ${context}`, {
      body: violations.map(describe).join('\n\n'),
      contentType: 'text/plain',
    });
  }
  const failing = violations.filter((violation) => FAILING.has(violation.impact ?? ''));
  const report = `${failing.length} serious or critical accessibility violation(s) on ${context}:\n\n${failing.map(describe).join('\n\n')}`;
  expect(failing.length, report).toBe(0);
}
