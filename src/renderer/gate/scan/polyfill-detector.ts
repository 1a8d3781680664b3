/**
 * The QR decoder where the browser has none (Chromium on Linux, Firefox, older Android): ZXing
 * compiled to WebAssembly, loaded only when a camera is used. Its .wasm is served by the instance
 * itself, beside this code, so that it loads on a LAN with no internet and is kept for offline use;
 * never from a CDN. barcode-detector carries the JS of the exact zxing-wasm it pins, and is its only
 * user here, so the zxing-wasm installed beside it is that version: their .wasm and JS match.
 */
import { BarcodeDetector, prepareZXingModule } from 'barcode-detector/ponyfill';
import wasmUrl from 'zxing-wasm/reader/zxing_reader.wasm?url';

export async function polyfillDetector(): Promise<BarcodeDetector> {
  await prepareZXingModule({ overrides: { locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? wasmUrl : prefix + path) }, fireImmediately: true });
  return new BarcodeDetector({ formats: ['qr_code'] });
}
