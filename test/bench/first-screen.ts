/**
 * The counter UI's first screen, in Chromium against a running `serve` (the built UI it serves):
 * - cold page load: from navigating to the login form shown, ready to type in;
 * - login: from submitting the form to the Sell screen ready to type (its first field visible and
 *   enabled), on the event the counter remembers, as when an operator starts a shift;
 * each in a fresh browser context (no cache, no session); also the largest renderer chunk, which
 * the page load waits for if it is the first screen's.
 */
import { chromium, type Page } from '@playwright/test';
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { CHROMIUM_ARGS, chromiumExecutable } from '../e2e/support/chromium.js';
import { chooseEvent, logIn, submitLogin } from '../e2e/support/counter.js';
import { percentile } from './latency.js';
import { verdict } from './verdict.js';

const RUNS = 10;
const READY_TIMEOUT_MS = 30_000;
export const FIRST_SCREEN_TARGET = { loginMs: 1000, chunkKb: 500 };

export interface FirstScreenFigures {
  runs: number;
  loadMs: number[];
  loginMs: number[];
  largestChunk: { file: string; bytes: number };
}

/**
 * Runs in the page from its first byte: times, on the page's own clock and at the first animation
 * frame it is so, when the login form's Email and, after the form is sent, the Sell form's NIK field
 * are ready (shown and enabled). Locator waits poll with back-offs up to 500 ms, too coarse for a
 * 1 s target. A string, so that no build helper of this Node script is carried into the page.
 */
const MARKS = `{
  const readyAt = (label) => new Promise((resolve, reject) => {
    const deadline = performance.now() + ${READY_TIMEOUT_MS};
    const tick = () => {
      const control = [...document.querySelectorAll('label')].find((l) => l.textContent.trim() === label)?.control;
      if (control && !control.disabled && control.checkVisibility()) resolve(performance.now());
      else if (performance.now() > deadline) reject(new Error('not ready to type in: ' + label));
      else requestAnimationFrame(tick);
    };
    tick();
  });
  const marks = (window.firstScreenMarks = { loginForm: readyAt('Email') });
  document.addEventListener('submit', () => {
    const submitted = performance.now();
    marks.sell = readyAt('NIK (16 digit)').then((ready) => ready - submitted);
  }, { capture: true, once: true });
}`;

/** The largest script in the built UI (out/renderer/assets), in bytes, as Vite's build prints its size. */
export function largestRendererChunk(root: string): FirstScreenFigures['largestChunk'] {
  const dir = join(root, 'out/renderer/assets');
  const sizes = readdirSync(dir)
    .filter((file) => file.endsWith('.js'))
    .map((file) => ({ file, bytes: statSync(join(dir, file)).size }));
  return sizes.reduce((a, b) => (b.bytes > a.bytes ? b : a));
}

/**
 * Logs in once to choose `eventName` on the Sell screen (the counter remembers it, in localStorage),
 * then, `runs` times in a new context carrying only that, loads the page and logs in.
 */
export async function measureFirstScreen(
  root: string,
  url: string,
  login: { email: string; password: string },
  eventName: string,
  runs = RUNS,
): Promise<FirstScreenFigures> {
  const browser = await chromium.launch({ executablePath: chromiumExecutable(), args: CHROMIUM_ARGS });
  try {
    const first = await browser.newContext();
    const page = await first.newPage();
    await logIn(page, url, login);
    await chooseEvent(page, eventName);
    const remembered = await first.storageState();
    await first.close();

    const loadMs: number[] = [];
    const loginMs: number[] = [];
    for (let i = 0; i < runs; i++) {
      const context = await browser.newContext({ storageState: remembered });
      await context.addInitScript({ content: MARKS });
      const page = await context.newPage();
      await page.goto(url);
      loadMs.push(await mark(page, 'loginForm'));
      await submitLogin(page, login);
      loginMs.push(await mark(page, 'sell'));
      await context.close();
    }
    return { runs, loadMs, loginMs, largestChunk: largestRendererChunk(root) };
  } finally {
    await browser.close();
  }
}

function mark(page: Page, name: 'loginForm' | 'sell'): Promise<number> {
  return page.evaluate((key) => (globalThis as unknown as { firstScreenMarks: Record<string, Promise<number>> }).firstScreenMarks[key]!, name);
}

export function firstScreenRows(f: FirstScreenFigures): string[][] {
  const ms = (value: number) => `${value.toFixed(0)} ms`;
  const sorted = (values: number[]) => [...values].sort((a, b) => a - b);
  const [load, login] = [sorted(f.loadMs), sorted(f.loginMs)];
  const loginMax = login[login.length - 1]!;
  const kb = f.largestChunk.bytes / 1000;
  return [
    [`UI cold page load to the login form (Chromium, fresh context, n=${f.runs})`, `max ${ms(load[load.length - 1]!)}`, ms(percentile(load, 50)), '', '', ''],
    [`UI login to the Sell form ready to type (n=${f.runs})`, `max ${ms(loginMax)}`, ms(percentile(login, 50)), '', `max < ${FIRST_SCREEN_TARGET.loginMs} ms`, verdict(loginMax < FIRST_SCREEN_TARGET.loginMs)],
    [`UI largest script chunk (${f.largestChunk.file})`, `${kb.toFixed(1)} kB`, '', '', `< ${FIRST_SCREEN_TARGET.chunkKb} kB`, verdict(kb < FIRST_SCREEN_TARGET.chunkKb)],
  ];
}
