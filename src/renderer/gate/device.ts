/**
 * The paired device, kept in this browser: its key, the event it checks tickets in for and its
 * gate. A key the instance no longer accepts (revoked: the steward's supervisor unpaired it) is
 * forgotten, and the pairing screen says why.
 */
import { z } from 'zod';
import { parseJson } from '#shared/parse-json.js';
import { GateEvent } from '#shared/schemas/gate-device.js';
import { store } from './store';
import { texts } from './texts';

export const Device = z.object({ key: z.string().min(1), name: z.string(), event: GateEvent, gate: z.string().min(1) });
export type Device = z.infer<typeof Device>;

const STORED = 'ticket-counter.gate-device';

/** The device as kept; none when nothing is, or what is kept is not a device (it pairs afresh). */
const kept = () => parseJson(Device, localStorage.getItem(STORED) ?? '');

export const device = store<Device | undefined>(kept());
/** Why the pairing screen is shown again, when it is not the first time. */
export const unpairedBecause = store<string | undefined>(undefined);

export function keepDevice(paired: Device): void {
  localStorage.setItem(STORED, JSON.stringify(paired));
  unpairedBecause.set(undefined);
  device.set(paired);
}

export function forgetDevice(why?: string): void {
  localStorage.removeItem(STORED);
  unpairedBecause.set(why);
  device.set(undefined);
}

/** A 401 to the current device's key: it was revoked. A 401 to a key only being tried is that key's answer alone. */
export function refusedKey(key: string): void {
  if (device.get()?.key === key) forgetDevice(texts.disconnected);
}
