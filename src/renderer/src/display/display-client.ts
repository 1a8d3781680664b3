/**
 * The customer display's own way to the service: it has no operator's login, only the key it got
 * when it registered, kept in this browser, and sent in its own header. A key the service no longer
 * knows (the display was unpaired, or the counter's data replaced) is dropped for a fresh one.
 */
import { contract, requestOf } from '#shared/contract/index.js';
import { parseJson } from '#shared/parse-json.js';
import { DISPLAY_KEY_HEADER, DisplayRegistration, type DisplayScreen } from '#shared/schemas/customer-display.js';

const STORED = 'ticket-counter.customer-display';

/** The key kept here; none when there is none, or what is kept is not one (it registers afresh). */
function storedKey(): string | undefined {
  return parseJson(DisplayRegistration.pick({ key: true }), localStorage.getItem(STORED) ?? '')?.key;
}

async function register(): Promise<string> {
  const { url, method, body } = requestOf(contract.registerDisplay, { body: {} });
  const response = await fetch(url, { method, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  if (!response.ok) throw new Error(`Layar pelanggan tidak dapat mendaftar (${response.status}). Mencoba lagi…`);
  const registered = contract.registerDisplay.response.parse(await response.json()).data;
  localStorage.setItem(STORED, JSON.stringify({ key: registered.key }));
  return registered.key;
}

/** What this display shows now; registers first when it has no key, or (once) when its key is no longer known. */
export async function fetchScreen(afresh = false): Promise<DisplayScreen> {
  const key = storedKey() ?? (await register());
  const { url } = requestOf(contract.getDisplayScreen, {});
  const response = await fetch(url, { headers: { [DISPLAY_KEY_HEADER]: key }, cache: 'no-store' });
  if (response.status === 401 && !afresh) {
    localStorage.removeItem(STORED);
    return fetchScreen(true);
  }
  if (!response.ok) throw new Error(`Loket tidak menjawab (${response.status}). Mencoba lagi…`);
  return contract.getDisplayScreen.response.parse(await response.json()).data;
}
