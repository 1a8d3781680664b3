/** Pairing the gate app's devices from the counter's Settings (docs/gate.md). */
import { contract } from '#shared/contract/index.js';
import type { GatePairingBody } from '#shared/schemas/gate-device.js';
import { api } from './client';
import { keys, useChange } from './hooks';

/** A one-time code for a device at a gate; the device's key then shows among the API keys. */
export function useCreateGatePairing() {
  return useChange((body: GatePairingBody) => api(contract.createGatePairing, { body }), [keys.apiKeys]);
}
