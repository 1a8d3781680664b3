/** The names of this machine's own loopback interface, as addresses and as Host headers give them. */
export const LOOPBACK_NAMES = ['localhost', '127.0.0.1', '::1', '[::1]'];

/** Whether a listen address (the setting listenHost, serve --host) reaches this machine only. */
export function isLoopbackHost(host: string): boolean {
  return LOOPBACK_NAMES.includes(host.toLowerCase()) || /^127\./.test(host);
}
