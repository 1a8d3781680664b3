/**
 * The gate app (docs/gate.md) on a phone's screen in Chromium, against `serve` on loopback:
 * - Enter to answer: from a keyboard-wedge scanner's Enter (the QR token typed) to the answer on
 *   screen (the frame after it is in the page), for tickets admitted and then refused as already
 *   in; at full speed and with the CPU slowed 4 times (a mid-range phone, as Lighthouse models one).
 * - The camera: Chromium's fake camera playing a ticket's QR code at 30 frames a second; from
 *   opening the camera to the answer, and how many frames a second the app's loop decodes (each
 *   turn one decode, counted by its requestVideoFrameCallback), at full speed and slowed 4 times.
 */
import { chromium, type Browser, type Page } from '@playwright/test';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { CHROMIUM_ARGS, chromiumExecutable } from '../e2e/support/chromium.js';
import { organizerKey, tempDataDir } from '../e2e/support/demo-data.js';
import { apiOf, type Counter } from '../e2e/support/counter.js';
import { openPaired, PHONE, sellTicket, type SoldTicket } from '../e2e/support/gate-app.js';
import { qrClip } from '../e2e/support/y4m.js';
import { startServe } from '../support/serve.js';
import { percentile } from './latency.js';
import { verdict } from './verdict.js';

const TICKETS = Number(process.env.BENCH_GATE_TICKETS ?? 60);
/** An answer not on screen by then is a failure of the run, not a figure. */
const ANSWER_TIMEOUT_MS = 10_000;
const SLOWDOWN = 4;
const CAMERA_SECONDS = 5;
export const GATE_APP_TARGET = { answerP95Ms: 300, decodesPerSecond: 5 };

export interface GateAppFigures {
  /** Enter to answer, ms, per CPU speed. */
  answers: { slowdown: number; admitted: number[]; refused: number[] }[];
  camera: { slowdown: number; firstAnswerMs: number; decodesPerSecond: number }[];
}

/**
 * Runs in the page: the time of each wedge Enter, and of the frame after a new answer naming the
 * expected text is in the page. A string, so that no build helper is carried into the page.
 */
const TIMER = `{
  let enterAt = 0;
  let before;
  let waiting;
  addEventListener('keydown', (event) => {
    if (event.key !== 'Enter') return;
    enterAt = performance.now();
    before = document.querySelector('[data-testid=answer]');
  }, { capture: true });
  new MutationObserver(() => {
    const shown = document.querySelector('[data-testid=answer]');
    // Each scan's answer is an element of its own: the one on screen at the Enter is the last scan's.
    if (!waiting || !shown || shown === before || !shown.textContent.includes(waiting.text)) return;
    waiting = undefined;
    requestAnimationFrame(() => { window.gateTimer.last = performance.now() - enterAt; });
  }).observe(document, { childList: true, subtree: true, characterData: true });
  window.gateTimer = { last: 0, arm: (text) => { window.gateTimer.last = 0; waiting = { text }; } };
  // Each turn of the camera's decode loop waits for the next video frame once.
  const original = HTMLVideoElement.prototype.requestVideoFrameCallback;
  window.decodeTurns = 0;
  HTMLVideoElement.prototype.requestVideoFrameCallback = function (callback) { window.decodeTurns++; return original.call(this, callback); };
}`;

type Timed = { gateTimer: { arm(text: string): void; last: number }; decodeTurns: number };

async function slowed(page: Page, slowdown: number): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: slowdown });
}

/** Scans `token` with the wedge and answers the ms from its Enter to the answer naming `expected`. */
async function scan(page: Page, token: string, expected: string): Promise<number> {
  await page.evaluate((text) => void (globalThis as unknown as Timed).gateTimer.arm(text), expected);
  await page.keyboard.type(token);
  await page.keyboard.press('Enter');
  const ms = await page.waitForFunction(() => (globalThis as unknown as Timed).gateTimer.last, undefined, { timeout: ANSWER_TIMEOUT_MS }).catch(async (error: unknown) => {
    throw new Error(`no answer naming "${expected}" on screen: ${(await page.getByTestId('answer').textContent().catch(() => null)) ?? 'none'}`, { cause: error });
  });
  return Number(await ms.jsonValue());
}

async function phone(browser: Browser, counter: Counter, gate: string, slowdown: number): Promise<Page> {
  const page = await browser.newPage({ viewport: PHONE, locale: 'id-ID', timezoneId: 'Asia/Jakarta' });
  await page.addInitScript({ content: TIMER });
  await openPaired(page, counter, gate);
  if (slowdown > 1) await slowed(page, slowdown);
  return page;
}

async function measureAnswers(browser: Browser, counter: Counter, tickets: SoldTicket[], slowdown: number): Promise<GateAppFigures['answers'][number]> {
  const page = await phone(browser, counter, `Gerbang ${slowdown}x`, slowdown);
  const admitted: number[] = [];
  const refused: number[] = [];
  for (const ticket of tickets) admitted.push(await scan(page, ticket.token, ticket.name));
  for (const ticket of tickets.slice(0, TICKETS / 2)) refused.push(await scan(page, ticket.token, 'Sudah masuk'));
  await page.close();
  return { slowdown, admitted, refused };
}

async function measureCamera(counter: Counter, ticket: SoldTicket, workDir: string, slowdown: number): Promise<GateAppFigures['camera'][number]> {
  const clip = join(workDir, `camera-${slowdown}.y4m`);
  writeFileSync(clip, qrClip(ticket.token, 30));
  const camera = ['--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream', `--use-file-for-fake-video-capture=${clip}`];
  const browser = await chromium.launch({ executablePath: chromiumExecutable(), args: [...CHROMIUM_ARGS, ...camera] });
  try {
    const page = await phone(browser, counter, `Kamera ${slowdown}x`, slowdown);
    const opened = performance.now();
    await page.getByRole('button', { name: 'Buka kamera' }).click();
    await page.getByTestId('answer').filter({ hasText: ticket.name }).waitFor({ timeout: 60_000 });
    const firstAnswerMs = performance.now() - opened;
    const turns = () => page.evaluate(() => (globalThis as unknown as Timed).decodeTurns);
    const before = await turns();
    await page.waitForTimeout(CAMERA_SECONDS * 1000);
    return { slowdown, firstAnswerMs, decodesPerSecond: ((await turns()) - before) / CAMERA_SECONDS };
  } finally {
    await browser.close();
  }
}

export async function measureGateApp(_root: string, workDir: string, _env: Record<string, string>, log: (line: string) => void): Promise<GateAppFigures> {
  const dir = await tempDataDir();
  const served = await startServe(dir.path, { args: ['--demo'] });
  try {
    const key = await organizerKey(dir.path, 'bench');
    const counter: Counter = { url: served.url, dataDir: dir.path, served, api: apiOf(served.url, key), key };
    log(`gate app: selling ${TICKETS * 2 + 2} tickets`);
    const tickets: SoldTicket[] = [];
    for (let i = 0; i < TICKETS * 2 + 2; i++) tickets.push(await sellTicket(counter, `Pengunjung Bench ${i}`));
    const browser = await chromium.launch({ executablePath: chromiumExecutable(), args: CHROMIUM_ARGS });
    const answers = [];
    try {
      for (const [i, slowdown] of [1, SLOWDOWN].entries()) {
        log(`gate app: ${TICKETS} scans and ${TICKETS / 2} refusals, CPU ${slowdown}x`);
        answers.push(await measureAnswers(browser, counter, tickets.slice(i * TICKETS, (i + 1) * TICKETS), slowdown));
      }
    } finally {
      await browser.close();
    }
    const camera = [];
    for (const [i, slowdown] of [1, SLOWDOWN].entries()) {
      log(`gate app: the camera, CPU ${slowdown}x`);
      camera.push(await measureCamera(counter, tickets[TICKETS * 2 + i]!, workDir, slowdown));
    }
    return { answers, camera };
  } finally {
    await served.stop();
    dir.remove();
  }
}

export function gateAppRows(f: GateAppFigures): string[][] {
  const ms = (value: number) => `${value.toFixed(0)} ms`;
  const rows: string[][] = [['measure', 'value', 'p50', 'p95', 'target', 'result']];
  for (const { slowdown, admitted, refused } of f.answers) {
    for (const [label, values] of [
      ['admitted', admitted],
      ['refused (already in)', refused],
    ] as const) {
      const sorted = [...values].sort((a, b) => a - b);
      const p95 = percentile(sorted, 95);
      rows.push([`Enter to answer, ${label}, CPU ${slowdown}x (n=${values.length})`, `max ${ms(sorted[sorted.length - 1]!)}`, ms(percentile(sorted, 50)), ms(p95), `p95 < ${GATE_APP_TARGET.answerP95Ms} ms`, verdict(p95 < GATE_APP_TARGET.answerP95Ms)]);
    }
  }
  for (const { slowdown, firstAnswerMs, decodesPerSecond } of f.camera) {
    rows.push([`Camera open to first answer, CPU ${slowdown}x`, ms(firstAnswerMs), '', '', '', '']);
    rows.push([`Camera frames decoded per second (30 fps clip), CPU ${slowdown}x`, decodesPerSecond.toFixed(1), '', '', `>= ${GATE_APP_TARGET.decodesPerSecond}`, verdict(decodesPerSecond >= GATE_APP_TARGET.decodesPerSecond)]);
  }
  return rows;
}
