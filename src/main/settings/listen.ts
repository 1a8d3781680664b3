/** Whether a listen address (the setting listenHost, serve --host) reaches this machine only. */
export function isLoopbackHost(host: string): boolean {
  return ['localhost', '127.0.0.1', '::1', '[::1]'].includes(host.toLowerCase()) || /^127\./.test(host);
}
