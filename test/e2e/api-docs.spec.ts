/**
 * The API reference a device developer opens at /docs: rendered in Chromium from the served
 * OpenAPI document, every endpoint listed, nothing refused by the page's Content-Security-Policy.
 */
import { expect, screenshot, test } from './support/counter.js';

test('/docs lists every endpoint of the OpenAPI document, under the service CSP', async ({ page, counter }) => {
  const refused: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') refused.push(message.text());
  });
  const document = (await (await fetch(`${counter.url}/openapi.json`)).json()) as { paths: Record<string, Record<string, unknown>> };
  await page.goto(`${counter.url}/docs`);
  // Swagger UI takes about 8 s to lay out the 1 MB document on a quiet 2-core machine (every
  // schema inlined), past the usual 15 s beside a second test worker: a wait, not a timing.
  await expect(page.locator('.opblock').first()).toBeVisible({ timeout: 60_000 });
  const operations = Object.entries(document.paths).flatMap(([path, methods]) => Object.keys(methods).map((method) => ({ path, method })));
  expect(operations.length).toBeGreaterThan(30);
  for (const { path, method } of operations) {
    await expect(page.locator(`.opblock-${method} [data-path="${path}"]`).first(), `${method} ${path}`).toBeAttached();
  }
  await screenshot(page, 'api-docs');
  expect(refused).toEqual([]);
});
