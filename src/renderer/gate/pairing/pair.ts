/**
 * The two ways a device learns what it is: a pairing code traded for its own key (POST /gate/pair),
 * or a key made on the command line, pasted, and checked (GET /gate/device).
 */
import { contract } from '#shared/contract/index.js';
import type { GateDevice } from '#shared/schemas/gate-device.js';
import { call, type Answer } from '../api';

export interface KeyAndDevice {
  key: string;
  device: GateDevice;
}

export const pairWithCode = (code: string): Promise<Answer<KeyAndDevice>> => call(contract.pairGateDevice, { body: { code } });

export async function checkKey(key: string): Promise<Answer<KeyAndDevice>> {
  const answer = await call(contract.getGateDevice, {}, { key });
  return answer.kind === 'answered' ? { kind: 'answered', data: { key, device: answer.data } } : answer;
}

/** The code of a pairing link (/gate#pair=K7QM-2XPA), read once and taken off the address: a reload does not pair again. */
export function codeFromLink(): string | undefined {
  const code = new URLSearchParams(window.location.hash.slice(1)).get('pair') ?? undefined;
  if (window.location.hash) history.replaceState(null, '', window.location.pathname + window.location.search);
  return code;
}
