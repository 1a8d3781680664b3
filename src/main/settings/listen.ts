/** The names of this machine's own loopback interface, as addresses and as Host headers give them. */
export const LOOPBACK_NAMES = ['localhost', '127.0.0.1', '::1', '[::1]'];

/** Whether a listen address (the setting listenHost, serve --host) reaches this machine only. */
export function isLoopbackHost(host: string): boolean {
  return LOOPBACK_NAMES.includes(host.toLowerCase()) || /^127\./.test(host);
}

/**
 * Whether serve on `host` runs in LAN mode: on any address beyond loopback, and, for tests alone,
 * on the loopback alias TICKET_COUNTER_TEST_LAN_HOST names (test/support/test-lan.ts), so that LAN
 * mode is tested without the machine's own network.
 */
export function isLanHost(host: string, env: NodeJS.ProcessEnv = process.env): boolean {
  return !isLoopbackHost(host) || host === env.TICKET_COUNTER_TEST_LAN_HOST;
}
