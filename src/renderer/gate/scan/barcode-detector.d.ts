/** The browser's own BarcodeDetector (Chrome on Android, Safari), where it has one: shaped as the polyfill is. */
import type { BarcodeDetector } from 'barcode-detector/ponyfill';

declare global {
  interface Window {
    BarcodeDetector?: typeof BarcodeDetector;
  }
}
