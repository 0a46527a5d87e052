import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';

/**
 * axe-core's serious and critical findings, in words (rule, impact, each element and why), on the
 * whole page or only inside the `include` selectors: a screen, or a dialog over a page already
 * checked (the page under a modal's overlay is inert, and its colours are the overlay's blend).
 * `label` starts each line, so a failed assertion says which check found it.
 */
export async function seriousViolations(page: Page, { label, include = [] }: { label?: string; include?: string[] } = {}): Promise<string[]> {
  const builder = new AxeBuilder({ page });
  for (const selector of include) builder.include(selector);
  const { violations } = await builder.analyze();
  const where = (n: (typeof violations)[number]['nodes'][number]) =>
    `${n.target.join(' ')} ${n.html.slice(0, 160)}${n.failureSummary ? ` (${n.failureSummary.replace(/\s+/g, ' ')})` : ''}`;
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${label ? `${label}: ` : ''}${v.id} (${v.impact}) ${v.nodes.map(where).join(', ')}`);
}
