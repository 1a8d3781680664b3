/**
 * A QR decoder for the camera's frames: the browser's own where it reads QR codes, else ZXing's
 * (polyfill-detector.ts, a chunk of its own). Made once and kept.
 */
export interface QrDetector {
  detect(frame: HTMLVideoElement): Promise<{ rawValue: string }[]>;
}

async function make(): Promise<QrDetector> {
  const Native = window.BarcodeDetector;
  if (Native && (await Native.getSupportedFormats()).includes('qr_code')) return new Native({ formats: ['qr_code'] });
  const { polyfillDetector } = await import('./polyfill-detector');
  return polyfillDetector();
}

let made: Promise<QrDetector> | undefined;

export function qrDetector(): Promise<QrDetector> {
  made ??= make().catch((error: unknown) => {
    // Tried again at the next camera start (the network may be back to fetch the decoder).
    made = undefined;
    throw error;
  });
  return made;
}
