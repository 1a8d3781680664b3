import type { SyncStatus } from '../../shared/schemas/sync.js';

export type Connection = 'local' | 'online' | 'offline' | 'auth_required';

/** How the counter stands with its remote, in the four cases an operator must tell apart. */
export function connectionOf(status: SyncStatus | undefined): Connection {
  if (!status?.remote) return 'local';
  if (status.state === 'offline') return 'offline';
  if (status.state === 'auth_required') return 'auth_required';
  return 'online';
}

export const CONNECTION_LABEL: Record<Connection, string> = {
  local: 'Tanpa layanan pusat',
  online: 'Online',
  offline: 'Offline',
  auth_required: 'Kunci API ditolak',
};

/**
 * Changes the remote does not have yet (a cash sale is two: the order and its payment): jobs still
 * to send and conflicts waiting for an operator. Said as "perubahan" wherever it is shown.
 */
export const unsyncedOf = (status: SyncStatus | undefined) => (status ? status.pending + status.conflicts : 0);
