/**
 * The renderer is a web page: in browser mode nothing is added to `window` besides what any page
 * has (no shell bridge, no Node). The Electron window's one addition is checked in electron.spec.ts.
 */
import { expect, test } from './support/counter.js';

test('browser mode: window carries nothing of ours', async ({ page, counter }) => {
  // What any page of this origin has: the service's JSON health answer, no script of ours.
  await page.goto(`${counter.url}/health`);
  const bare = await page.evaluate(() => Object.keys(window));
  await page.goto(counter.url);
  await expect(page.getByRole('heading', { name: 'Masuk ke loket' })).toBeVisible();
  const added = (await page.evaluate(() => Object.keys(window))).filter((key) => !bare.includes(key));
  // zod keeps its configuration and schema registry on globalThis; nothing else is added.
  expect(added.sort()).toEqual(['__zod_globalConfig', '__zod_globalRegistry']);
  expect(await page.evaluate(() => ({ shell: typeof window.counterShell, require: typeof (window as { require?: unknown }).require, process: typeof (window as { process?: unknown }).process }))).toEqual({
    shell: 'undefined',
    require: 'undefined',
    process: 'undefined',
  });
});
