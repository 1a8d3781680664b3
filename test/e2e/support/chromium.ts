/**
 * The Chromium the end-to-end tests drive: Debian's (/usr/bin/chromium, what .ci/run installs), or
 * Playwright's own where `npx playwright install chromium` could fetch it. With neither, the run
 * stops at once and says how to get one, rather than failing test by test.
 */
import { existsSync } from 'node:fs';
import { chromium } from '@playwright/test';

const SYSTEM_CHROMIUM = ['/usr/bin/chromium', '/usr/bin/chromium-browser'];

export function chromiumExecutable(): string {
  const system = SYSTEM_CHROMIUM.find((path) => existsSync(path));
  if (system) return system;
  const own = chromium.executablePath();
  if (own && existsSync(own)) return own;
  throw new Error(
    'No Chromium for the end-to-end tests. Install one: `sudo apt-get install chromium` (Debian/Ubuntu; ' +
      '.ci/run does this) or `npx playwright install chromium` where downloads work.',
  );
}

/** Flags that keep Chromium from reaching out to the network on a machine without internet. */
export const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];
