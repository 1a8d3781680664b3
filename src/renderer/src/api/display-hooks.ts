/** The customer display as react-query hooks: the displays paired with this counter, pairing, and what they show. */
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
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
 * paired: one request at a time, the latest view last, so that an older one never lands after it.
 * Leaving the Sell screen shows the welcome. A failure is answered for the screen to say: the
 * customer would see something stale.
 */
export function useShowOnDisplay(view: DisplayView): Error | undefined {
  const paired = (usePairedDisplays().data?.length ?? 0) > 0;
  const [failure, setFailure] = useState<Error>();
  const sender = useRef<{ sending: boolean; next?: DisplayView }>({ sending: false });
  const shown = JSON.stringify(view);

  const send = useCallback((next: DisplayView) => {
    const queue = sender.current;
    queue.next = next;
    if (queue.sending) return;
    queue.sending = true;
    void (async () => {
      while (queue.next) {
        const body = queue.next;
        queue.next = undefined;
        await api(contract.showOnDisplay, { body }).then(
          () => setFailure(undefined),
          (error: Error) => setFailure(error),
        );
      }
      queue.sending = false;
    })();
  }, []);

  useEffect(() => {
    if (paired) send(JSON.parse(shown) as DisplayView);
  }, [paired, shown, send]);
  useEffect(() => {
    if (!paired) return;
    return () => send({ stage: 'welcome' });
  }, [paired, send]);
  return failure;
}
