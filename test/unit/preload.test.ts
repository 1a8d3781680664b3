/**
 * What the Electron preload hands the renderer: one object on `window`, counterShell, with exactly
 * its three members, and a count that crosses to the shell only when it is one.
 */
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { LAUNCH_TOKEN_ARG, UNSYNCED_CHANNEL } from '../../src/shared/shell-bridge.js';

const exposed = vi.hoisted(() => new Map<string, unknown>());
const sent = vi.hoisted(() => [] as unknown[][]);
vi.mock('electron', () => ({
  contextBridge: { exposeInMainWorld: (name: string, value: unknown) => exposed.set(name, value) },
  ipcRenderer: { send: (...args: unknown[]) => sent.push(args) },
}));

describe('the preload', () => {
  beforeAll(async () => {
    process.argv.push(`${LAUNCH_TOKEN_ARG}launch-secret-123`);
    await import('../../src/preload/index.js');
  });

  it('exposes counterShell and nothing else', () => {
    expect([...exposed.keys()]).toEqual(['counterShell']);
    const shell = exposed.get('counterShell') as Record<string, unknown>;
    expect(Object.keys(shell).sort()).toEqual(['kind', 'launchToken', 'setUnsyncedCount']);
    expect(shell.kind).toBe('electron');
    expect(shell.launchToken).toBe('launch-secret-123');
    expect(typeof shell.setUnsyncedCount).toBe('function');
  });

  it('sends the unsynced count on its one channel, and only a count', () => {
    const shell = exposed.get('counterShell') as { setUnsyncedCount(n: unknown): void };
    for (const wrong of [-1, 1.5, Number.NaN, '3', Number.MAX_SAFE_INTEGER + 2]) shell.setUnsyncedCount(wrong);
    expect(sent).toEqual([]);
    shell.setUnsyncedCount(0);
    shell.setUnsyncedCount(7);
    expect(sent).toEqual([
      [UNSYNCED_CHANNEL, 0],
      [UNSYNCED_CHANNEL, 7],
    ]);
  });
});
