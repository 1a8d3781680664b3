/**
 * Whether the instance answers: set by every request, from facts. An answer (a refusal too) means
 * online; a request that gets none within its time means offline, and scans are then decided from
 * the offline copy at once, without waiting on the network again, until the counts' poll is answered.
 */
import { store } from './store';

export const online = store(true);
