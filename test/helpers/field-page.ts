// Test helper: reading a field page in the browser: its chart's bars, the count line, statistics and values.
import type { Page } from 'playwright-core';

/** The bars of the field page's chart (each a rect in the group of data marks). */
export const BARS = '[data-testid="chart"] svg g[aria-description="values"] rect';

/** The centre of bar i of the chart (in drawing order: bins ascending), just above its base. */
export async function barCentre(page: Page, i: number): Promise<{ x: number; y: number }> {
  const box = (await page.locator(BARS).nth(i).boundingBox())!;
  return { x: box.x + box.width / 2, y: box.y + box.height - 3 };
}

/** What a field page shows: the context panel's count line, the statistics (by name), the values table's rows. */
export async function readFieldPage(page: Page) {
  const count = (await page.textContent('[data-testid="entity-count"]'))?.trim();
  const stats = await page.$$eval('[data-testid="stats"] div', (ds) =>
    ds.map((d) => [d.querySelector('dt')?.textContent, d.querySelector('dd')?.textContent]),
  );
  const values = await page.$$eval('[data-testid="values"] tbody tr', (trs) =>
    trs.map((tr) => [...tr.children].map((c) => (c.textContent ?? '').trim())),
  );
  return { count, stats: Object.fromEntries(stats) as Record<string, string>, values };
}
