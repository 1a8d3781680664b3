/**
 * The smallest surface the renderer needs from the shell (typed in shell.d.ts). The UI talks to the
 * local service over HTTP like any other client; only the launch token and the unsynced count cross
 * this bridge, each through a named function, never a generic channel.
 */
import { contextBridge, ipcRenderer } from 'electron';
import { LAUNCH_TOKEN_ARG, UNSYNCED_CHANNEL } from '#shared/shell-bridge.js';
import type { CounterShell } from './shell.js';

const launchToken = process.argv.find((arg) => arg.startsWith(LAUNCH_TOKEN_ARG))?.slice(LAUNCH_TOKEN_ARG.length) ?? '';

const counterShell = {
  kind: 'electron',
  launchToken,
  setUnsyncedCount(count: number) {
    if (Number.isSafeInteger(count) && count >= 0) ipcRenderer.send(UNSYNCED_CHANNEL, count);
  },
} satisfies CounterShell;

contextBridge.exposeInMainWorld('counterShell', counterShell);
