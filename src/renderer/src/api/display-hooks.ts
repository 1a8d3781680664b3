/** The customer display as react-query hooks: the displays paired with this counter, pairing, and what they show. */
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { contract } from '#shared/contract/index.js';
import type { DisplayView } from '#shared/schemas/customer-display.js';
import { api } from './client';
import { useChange } from './hooks';

const DISPLAYS = ['customer-displays'] as const;

export function usePairedDisplays() {
  return useQuery({ queryKey: DISPLAYS, queryFn: () => api(contract.listDisplays, {}), retry: false });
}

export function usePairDisplay() {
  return useChange((code: string) => api(contract.pairDisplay, { body: { code } }), [DISPLAYS]);
}

export function useUnpairDisplay() {
  return useChange((displayId: string) => api(contract.unpairDisplay, { params: { displayId } }), [DISPLAYS]);
}

/**
 * Sends what the customer should see to this counter's displays whenever it changes, while one is
 * paired. A failure is answered for the screen to say: the customer would see something stale.
 */
export function useShowOnDisplay(view: DisplayView): Error | undefined {
  const paired = (usePairedDisplays().data?.length ?? 0) > 0;
  const [failure, setFailure] = useState<Error>();
  const shown = JSON.stringify(view);
  useEffect(() => {
    if (!paired) return;
    let current = true;
    api(contract.showOnDisplay, { body: JSON.parse(shown) as DisplayView }).then(
      () => current && setFailure(undefined),
      (error: Error) => current && setFailure(error),
    );
    return () => {
      current = false;
    };
  }, [paired, shown]);
  return failure;
}
