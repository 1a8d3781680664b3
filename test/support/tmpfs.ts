/**
 * A small disk of its own for the full-disk tests: a tmpfs mounted on a temp folder (root only),
 * and filling it to the last byte. Where it cannot be had, `why` says why, for the test to print.
 */
import { execFileSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export type SmallDisk = { path: string; remove(): void } | { why: string };

/** Mounts a tmpfs of `megabytes` on a new temp folder; unmounted and removed by remove(). */
export function mountSmallDisk(megabytes: number): SmallDisk {
  if (process.getuid?.() !== 0) return { why: 'mounting a small tmpfs needs root; this test runs as another user' };
  const path = mkdtempSync(join(tmpdir(), 'counter-full-disk-'));
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${megabytes}m,mode=0700`, 'tmpfs', path], { stdio: 'pipe' });
  } catch (error) {
    rmSync(path, { recursive: true, force: true });
    return { why: `mount -t tmpfs failed: ${String((error as { stderr?: Buffer }).stderr ?? error).trim()}` };
  }
  return {
    path,
    remove() {
      execFileSync('umount', [path]);
      rmSync(path, { recursive: true, force: true });
    },
  };
}

/** Fills the disk holding `dir` to the last byte with one file; removing that file frees it again. */
export function fillDisk(dir: string): string {
  const file = join(dir, 'filler.bin');
  const fd = openSync(file, 'w');
  const chunk = Buffer.alloc(64 * 1024, 1);
  try {
    // Down to single bytes, so that not even a small write still fits.
    for (let size = chunk.length; size >= 1; size = Math.floor(size / 2)) {
      for (;;) {
        try {
          writeSync(fd, chunk, 0, size);
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code !== 'ENOSPC') throw error;
          break;
        }
      }
    }
  } finally {
    closeSync(fd);
  }
  return file;
}
