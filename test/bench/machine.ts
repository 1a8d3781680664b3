/** What the figures were measured on, and how busy the machine was with other work meanwhile. */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';

function cpuTimes() {
  return cpus().reduce(
    (sum, cpu) => {
      const { user, nice, sys, irq, idle } = cpu.times;
      return { busy: sum.busy + user + nice + sys + irq, total: sum.total + user + nice + sys + irq + idle };
    },
    { busy: 0, total: 0 },
  );
}

/** The share of all cores busy over the next `ms` (0..1): other processes, before the bench runs. */
export async function cpuBusy(ms = 1000): Promise<number> {
  const before = cpuTimes();
  await sleep(ms);
  const after = cpuTimes();
  const total = after.total - before.total;
  return total > 0 ? (after.busy - before.busy) / total : 0;
}

/**
 * Waits (at most `maxSeconds`) until the machine is quiet, since a test suite running beside the
 * bench halves its figures; returns the last busy share measured, to be printed with the results.
 */
export async function waitForQuiet(threshold: number, maxSeconds: number): Promise<number> {
  let busy = await cpuBusy();
  for (let i = 1; i < maxSeconds && busy > threshold; i++) busy = await cpuBusy();
  return busy;
}

export function describeMachine(): string {
  return `${cpus().length} cores (${cpus()[0]?.model.trim() ?? 'unknown'}), ${(totalmem() / 2 ** 30).toFixed(1)} GiB RAM, Node ${process.version}, load average ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`;
}

/**
 * `--cpu-hog`: a process spinning on one core for the whole run, so that the figures are those of a
 * machine that is not quiet (another app, a virus scan). Started after the quiet check.
 */
export function startCpuHog(): { stop: () => void } {
  // It ends by itself once the bench is gone (killed, or a CI timeout): its parent changes.
  const spin = `const parent = process.ppid; for (let i = 0; ; i++) if (i % 1e7 === 0 && process.ppid !== parent) process.exit();`;
  const child = spawn(process.execPath, ['-e', spin], { stdio: 'ignore' });
  return { stop: () => child.kill() };
}

export const withCpuHog = process.argv.includes('--cpu-hog');

/**
 * A process's memory in MB (Linux /proc): VmRSS, resident now, or VmHWM, the most it was ever
 * resident (its peak).
 */
export function residentMb(pid: number, field: 'VmRSS' | 'VmHWM' = 'VmRSS'): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').split('\n').find((l) => l.startsWith(`${field}:`));
  return Number(/(\d+)/.exec(line ?? '')?.[1] ?? NaN) / 1024;
}
