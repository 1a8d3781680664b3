/**
 * The Chromium the end-to-end tests drive: Debian's (/usr/bin/chromium, what .ci/run installs), or
 * Playwright's own where `npx playwright install chromium` could fetch it. With neither, the run
 * stops at once and says how to get one, rather than failing test by test.
 */
import { existsSync } from 'node:fs';
import { chromium } from '@playwright/test';

const SYSTEM_CHROMIUM = ['/usr/bin/chromium', '/usr/bin/chromium-browser'];
/**
 * Debian's chromium-headless-shell: the same Blink without the browser's own UI, which on two
 * cores takes a large share of a test's time. What it lacks is the built-in PDF viewer; a test that
 * needs the viewer is tagged FULL_CHROMIUM and runs in the browser itself.
 */
const HEADLESS_SHELL = '/usr/lib/chromium/chromium-headless-shell';

export const FULL_CHROMIUM = '@full-chromium';

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

/** The headless shell where it is installed (`apt-get install chromium-headless-shell`), else the browser. */
export function headlessShellExecutable(): string {
  return existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : chromiumExecutable();
}

/** Flags that keep Chromium from reaching out to the network on a machine without internet. */
export const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];
