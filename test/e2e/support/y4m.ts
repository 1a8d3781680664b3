/**
 * A clip for Chromium's fake camera (--use-file-for-fake-video-capture): a QR code drawn from the
 * qrcode package's module matrix on white, as a YUV4MPEG2 4:2:0 file of a few identical frames,
 * which Chromium plays in a loop as if the code were held in front of the camera.
 */
import QRCode from 'qrcode';

const WIDTH = 640;
const HEIGHT = 480;
const FRAMES = 5;
/** Luma of the black modules and of the white paper (video range). */
const BLACK = 16;
const WHITE = 235;
/** The blank margin a QR code needs around it, in modules. */
const QUIET_ZONE = 4;

/** The luma plane: the code centred, each module a square of as many pixels as fit. */
function lumaOf(text: string): Buffer {
  const { size, data } = QRCode.create(text, { errorCorrectionLevel: 'M' }).modules;
  const scale = Math.floor(Math.min(WIDTH, HEIGHT) / (size + 2 * QUIET_ZONE));
  const left = Math.floor((WIDTH - size * scale) / 2);
  const top = Math.floor((HEIGHT - size * scale) / 2);
  const luma = Buffer.alloc(WIDTH * HEIGHT, WHITE);
  for (let row = 0; row < size; row++) {
    for (let column = 0; column < size; column++) {
      if (!data[row * size + column]) continue;
      for (let y = 0; y < scale; y++) luma.fill(BLACK, (top + row * scale + y) * WIDTH + left + column * scale, (top + row * scale + y) * WIDTH + left + (column + 1) * scale);
    }
  }
  return luma;
}

/** `fps`: the frame rate Chromium plays it at (a phone's camera gives 30). */
export function qrClip(text: string, fps = 10): Buffer {
  const header = Buffer.from(`YUV4MPEG2 W${WIDTH} H${HEIGHT} F${fps}:1 Ip A1:1 C420\n`);
  // No colour: both chroma planes at their middle value, each a quarter of the picture.
  const chroma = Buffer.alloc((WIDTH / 2) * (HEIGHT / 2) * 2, 128);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), lumaOf(text), chroma]);
  return Buffer.concat([header, ...Array.from({ length: FRAMES }, () => frame)]);
}
