/**
 * The smallest surface the renderer needs from the shell: which shell it runs in. The UI talks to
 * the local service over HTTP like any other client, so nothing else crosses this bridge.
 */
import { contextBridge } from 'electron';

const counterShell = { kind: 'electron' as const };

export type CounterShell = typeof counterShell;
contextBridge.exposeInMainWorld('counterShell', counterShell);
