import type { SyncStatus } from '#shared/schemas/sync.js';

/**
 * How the counter stands with its remote, in the cases an operator must tell apart. Behind a venue
 * hub (the remote is this service, with a remote of its own) there are three: the hub reaches the
 * central service; the hub is reached but is cut off itself (the hub's allotment then limits every
 * counter's sales, refused at once); the hub is out of reach (this counter's own allotment limits).
 */
export type Connection = 'local' | 'online' | 'hub' | 'hub_only' | 'hub_unreachable' | 'offline' | 'auth_required';

export function connectionOf(status: SyncStatus | undefined): Connection {
  if (!status?.remote) return 'local';
  const viaHub = status.upstream !== null;
  if (status.state === 'offline') return viaHub ? 'hub_unreachable' : 'offline';
  if (status.state === 'auth_required') return 'auth_required';
  if (viaHub) return status.upstream?.state === 'offline' ? 'hub_only' : 'hub';
  return 'online';
}

export const CONNECTION_LABEL: Record<Connection, string> = {
  local: 'Tanpa layanan pusat',
  online: 'Online',
  hub: 'Online lewat hub',
  hub_only: 'Hub online · pusat offline',
  hub_unreachable: 'Hub tidak terjangkau',
  offline: 'Offline',
  auth_required: 'Kunci API ditolak',
};

/**
 * Changes the remote does not have yet (a cash sale is two: the order and its payment): jobs still
 * to send and conflicts waiting for an operator. Said as "perubahan" wherever it is shown.
 */
export const unsyncedOf = (status: SyncStatus | undefined) => (status ? status.pending + status.conflicts : 0);
