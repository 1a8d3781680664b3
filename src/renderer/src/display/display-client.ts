/**
 * The customer display's own way to the service: it has no operator's login, only the key it got
 * when it registered, kept in this browser, and sent in its own header. A key the service no longer
 * knows (the display was unpaired, or the counter's data replaced) is dropped for a fresh one.
 */
import { contract, requestOf } from '#shared/contract/index.js';
import { DISPLAY_KEY_HEADER, DisplayRegistration, type DisplayScreen } from '#shared/schemas/customer-display.js';

const STORED = 'ticket-counter.customer-display';

function storedKey(): string | undefined {
  return DisplayRegistration.pick({ key: true }).safeParse(JSON.parse(localStorage.getItem(STORED) ?? 'null')).data?.key;
}

async function register(): Promise<string> {
  const { url, method, body } = requestOf(contract.registerDisplay, { body: {} });
  const response = await fetch(url, { method, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  if (!response.ok) throw new Error(`Layar pelanggan tidak dapat mendaftar (${response.status}). Mencoba lagi…`);
  const registered = contract.registerDisplay.response.parse(await response.json()).data;
  localStorage.setItem(STORED, JSON.stringify({ key: registered.key }));
  return registered.key;
}

/** What this display shows now; registers first when it has no key, or one no longer known. */
export async function fetchScreen(): Promise<DisplayScreen> {
  const key = storedKey() ?? (await register());
  const { url } = requestOf(contract.getDisplayScreen, {});
  const response = await fetch(url, { headers: { [DISPLAY_KEY_HEADER]: key }, cache: 'no-store' });
  if (response.status === 401) {
    localStorage.removeItem(STORED);
    return fetchScreen();
  }
  if (!response.ok) throw new Error(`Loket tidak menjawab (${response.status}). Mencoba lagi…`);
  return contract.getDisplayScreen.response.parse(await response.json()).data;
}
