/**
 * Accessibility and phone-width checks the journeys run on every screen they reach:
 * zero axe-core violations (WCAG 2.x A and AA rules plus axe's best practices), and no horizontal
 * scrolling. Reuse them in any journey: `await expectNoAxeViolations(page, 'sign-in')`.
 */
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/** The axe rule sets checked: WCAG 2.0/2.1/2.2 A and AA, and axe's best practices. */
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

/** The phone widths every screen must fit (usable at 360 px, the chat header up to 390 px). */
export const PHONE_WIDTHS = [360, 390] as const;

export interface AxeViolationSummary {
  rule: string;
  impact: string | null | undefined;
  help: string;
  targets: string[];
}

/** Runs axe on the page as it is now; answers one line per violated rule, with the offending nodes. */
export async function axeViolations(
  page: Page,
  options: { exclude?: string[]; disableRules?: string[] } = {},
): Promise<AxeViolationSummary[]> {
  let builder = new AxeBuilder({ page }).withTags(AXE_TAGS);
  for (const selector of options.exclude ?? []) builder = builder.exclude(selector);
  if (options.disableRules?.length) builder = builder.disableRules(options.disableRules);
  const { violations } = await builder.analyze();
  return violations.map((v) => ({
    rule: v.id,
    impact: v.impact,
    help: v.help,
    targets: v.nodes.slice(0, 5).map((n) => n.target.join(' ')),
  }));
}

/**
 * Every finite animation and transition on the page has finished (a spinner's endless one is left
 * running), and a frame was laid out after that: what is measured is the final state.
 */
export async function settled(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const finite = document
      .getAnimations()
      .filter((a) => a.effect?.getComputedTiming().iterations !== Infinity);
    await Promise.all(finite.map((a) => a.finished.catch(() => undefined)));
    await new Promise((r) => requestAnimationFrame(r));
  });
}

/**
 * Fails with the screen's name and every violation when axe finds any. Animations settle first, so
 * contrast is measured on the final colours.
 */
export async function expectNoAxeViolations(
  page: Page,
  label: string,
  /** Leave out a part another journey checks, or (with a reason beside it) a rule. */
  options: { exclude?: string[]; disableRules?: string[] } = {},
): Promise<void> {
  await settled(page);
  const violations = await axeViolations(page, options);
  expect({ screen: label, violations }).toEqual({ screen: label, violations: [] });
}

/** How far the page scrolls sideways (0 when it fits the viewport). */
export function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate(() => {
    const doc = document.documentElement;
    return Math.max(doc.scrollWidth, document.body.scrollWidth) - doc.clientWidth;
  });
}

/** Fails when the page is wider than its viewport (a phone user would have to scroll sideways). */
export async function expectNoHorizontalScroll(page: Page, label: string): Promise<void> {
  const overflow = await horizontalOverflow(page);
  expect({ screen: label, overflowPx: overflow }).toEqual({ screen: label, overflowPx: 0 });
}

/**
 * Both checks at each phone width (then back to the journey's own viewport): axe once at the
 * current width, the page width at 360 and 390 px.
 */
export async function expectAccessibleScreen(page: Page, label: string): Promise<void> {
  await expectNoAxeViolations(page, label);
  const original = page.viewportSize();
  try {
    for (const width of PHONE_WIDTHS) {
      await page.setViewportSize({ width, height: 780 });
      await settled(page);
      await expectNoHorizontalScroll(page, `${label} at ${width} px`);
    }
  } finally {
    if (original) await page.setViewportSize(original);
  }
}

/** Every element a keyboard user reaches with Tab, in order (role/label, for "reachable by keyboard" checks). */
export async function tabStops(page: Page, max = 80): Promise<string[]> {
  const stops: string[] = [];
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    const name = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      if (!el || el === document.body) return null;
      return el.getAttribute('aria-label') ?? el.textContent?.trim().slice(0, 40) ?? el.tagName;
    });
    if (name === null || (stops.length > 0 && name === stops[0])) break;
    stops.push(name);
  }
  return stops;
}
