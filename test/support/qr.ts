/** Reading a QR code out of pixels as a gate scanner would: pngjs decodes the PNG, jsQR finds the code and reads it. */
import jsqr from 'jsqr';
import { PNG } from 'pngjs';

// jsqr is CommonJS typed with `export default`: under NodeNext, TypeScript types this import as
// the whole module, while Node hands over the function itself (which also carries `.default`).
const jsQR = jsqr as unknown as typeof jsqr.default;

/**
 * The text of the QR code in a PNG image, or undefined when none can be read in it. jsQR now and
 * then "finds" a code that holds nothing in an image that has none (cozmo/jsQR#90; a printed
 * invoice's text did it once in CI): a code of no bytes is no code.
 */
export function readQr(png: Buffer): string | undefined {
  const { data, width, height } = PNG.sync.read(png);
  const code = jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.length), width, height);
  return code && code.binaryData.length > 0 ? code.data : undefined;
}

/**
 * Draws the QR SVG the service sends (the qrcode package's form: a white square, then one stroked
 * path of 1-unit horizontal runs, `M x y.5` / `m dx dy` moves and `h n` runs) onto a PNG, `scale`
 * pixels per module, so that readQr can scan it. Anything else in the path throws rather than
 * being drawn wrong.
 */
export function qrSvgToPng(svg: string, scale = 8): Buffer {
  const viewBox = /viewBox="0 0 (\d+) (\d+)"/.exec(svg);
  const path = /<path stroke="#000000" d="([^"]+)"/.exec(svg);
  if (!viewBox || !path) throw new Error(`not a QR SVG as qrcode writes it: ${svg.slice(0, 200)}`);
  const size = Number(viewBox[1]);
  const png = new PNG({ width: size * scale, height: size * scale });
  png.data.fill(255);
  const paint = (column: number, row: number) => {
    for (let y = row * scale; y < (row + 1) * scale; y++) {
      for (let x = column * scale; x < (column + 1) * scale; x++) png.data.fill(0, (y * png.width + x) * 4, (y * png.width + x) * 4 + 3);
    }
  };
  let x = 0;
  let y = 0;
  for (const [, command, operands] of path[1]!.matchAll(/([A-Za-z])([^A-Za-z]*)/g)) {
    const args = operands!.trim().split(/[\s,]+/).map(Number);
    if (command === 'M' || command === 'm') {
      x = (command === 'M' ? 0 : x) + args[0]!;
      y = (command === 'M' ? 0 : y) + args[1]!;
    } else if (command === 'h') {
      // A stroke of width 1 centred on y: the module row is y - 0.5.
      for (let i = 0; i < args[0]!; i++) paint(x + i, y - 0.5);
      x += args[0]!;
    } else {
      throw new Error(`unexpected path command ${command} in the QR SVG`);
    }
  }
  return PNG.sync.write(png);
}
