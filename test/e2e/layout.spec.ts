/**
 * Every screen at the counter's screen sizes (a small tablet or customer display 1024×600, the
 * common laptop 1366×768, a full HD monitor 1920×1080), for the counter's owner, whose header is the
 * fullest (the Audit tab, the printer's pill): nothing runs off the page sideways, and nothing in the
 * header is cut or pushed out of it.
 */
import type { Page } from '@playwright/test';
import { expect, logIn, OWNER, saveSettingsAsOwner, screenshot, test } from './support/counter.js';

const SIZES = [
  { width: 1024, height: 600 },
  { width: 1366, height: 768 },
  { width: 1920, height: 1080 },
] as const;

const SCREENS = ['F1', 'F2', 'F3', 'F4', 'F5', 'F6'] as const;

/** What spills: the page wider than the window, or a header item outside the header or cut short. */
async function overflows(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const root = document.documentElement;
    if (root.scrollWidth > root.clientWidth) problems.push(`page ${root.scrollWidth} > ${root.clientWidth}`);
    const header = document.querySelector('header');
    if (!header) return [...problems, 'no header'];
    const box = header.getBoundingClientRect();
    for (const item of header.querySelectorAll<HTMLElement>('a, button, [data-testid], .pill, strong, span')) {
      const r = item.getBoundingClientRect();
      if (r.width === 0) continue;
      const text = (item.textContent ?? '').trim().slice(0, 30);
      if (r.right > box.right + 1 || r.left < box.left - 1) problems.push(`"${text}" outside the header`);
      if (item.scrollWidth > item.clientWidth + 1 && getComputedStyle(item).overflow !== 'visible') problems.push(`"${text}" cut`);
      // Two lines or more of a header item: a label broken across lines.
      if (r.height > 44) problems.push(`"${text}" ${Math.round(r.height)} px tall`);
    }
    return problems;
  });
}

test('no screen spills at 1024×600, 1366×768 or 1920×1080, with the fullest header', async ({ page, counter }) => {
  test.setTimeout(90_000);
  // A printer that is not there, and a page waiting for it: its pill shows in the header.
  expect(await saveSettingsAsOwner(counter.url, { printerAddress: '127.0.0.1:9' })).toBe(200);
  expect((await counter.api('/print-jobs/test', { method: 'POST', body: {} })).status).toBe(201);
  await logIn(page, counter.url, OWNER);
  await expect(page.getByTestId('printer-pill')).toBeVisible({ timeout: 15_000 });
  const problems: string[] = [];
  for (const size of SIZES) {
    await page.setViewportSize(size);
    for (const key of SCREENS) {
      await page.keyboard.press(key);
      await page.waitForLoadState('networkidle');
      for (const problem of await overflows(page)) problems.push(`${size.width}×${size.height} ${key}: ${problem}`);
      if (key === 'F1' || key === 'F5') await screenshot(page, `layout-${size.width}x${size.height}-${key}`);
    }
  }
  expect(problems).toEqual([]);
});
