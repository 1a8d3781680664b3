/** The gates as react-query hooks: an event's gate counts and re-entry setting, and the gate list the sync keeps. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { contract } from '#shared/contract/index.js';
import type { GateCounts, GateSettings } from '#shared/schemas/scan.js';
import { api } from './client';
import { keys } from './hooks';

/** How often the counts are asked for while shown: a supervisor watching the doors sees a scan within this. */
const GATE_POLL_MS = 3000;
/** The gate list changes with each refresh from the central (every 30 s by default): looked at less often. */
const GATE_LIST_POLL_MS = 5000;

export const gateKeys = {
  counts: (eventId: string) => ['gate-counts', eventId] as const,
  list: ['gate-list'] as const,
};

export function useGateCounts(eventId: string | undefined) {
  return useQuery({
    queryKey: gateKeys.counts(eventId ?? ''),
    queryFn: () => api(contract.gateCounts, { params: { idOrSlug: eventId! }, query: {} }),
    enabled: Boolean(eventId),
    refetchInterval: GATE_POLL_MS,
  });
}

/**
 * Changes the re-entry setting; the counts shown take the answer at once. A read of the counts
 * under way when the change is sent is dropped: it would bring the old setting back until the next.
 */
export function useSetGateSettings(eventId: string) {
  const client = useQueryClient();
  const counts = gateKeys.counts(eventId);
  return useMutation({
    mutationFn: (body: GateSettings) => api(contract.setGateSettings, { params: { idOrSlug: eventId }, body }),
    onMutate: () => client.cancelQueries({ queryKey: counts }),
    onSuccess: (settings) => client.setQueryData(counts, (shown: GateCounts | undefined) => shown && { ...shown, ...settings }),
  });
}

export function useGateList() {
  return useQuery({ queryKey: gateKeys.list, queryFn: () => api(contract.gateListStatus, {}), refetchInterval: GATE_LIST_POLL_MS });
}

/**
 * Reads the whole gate list now; its answer is the list as it then stands, shown at once. It pulls
 * the events first when none were, so those and the sync status are read again.
 */
export function usePullGateList() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api(contract.pullGateList, {}),
    onSuccess: (list) => {
      client.setQueryData(gateKeys.list, list);
      return Promise.all([['events'], keys.sync].map((queryKey) => client.invalidateQueries({ queryKey })));
    },
  });
}
