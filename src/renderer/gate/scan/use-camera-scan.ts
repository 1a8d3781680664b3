/**
 * The camera as a scanner: the back camera's frames decoded one after another while it is open,
 * each new code handed on (repeat-filter.ts), and what stops it said in words.
 */
import { useEffect, useRef, useState, type RefObject } from 'react';
import { texts } from '../texts';
import { qrDetector } from './qr-detector';
import { repeatFilter } from './repeat-filter';

class DecoderUnavailable extends Error {}

/** What went wrong, in the steward's words. */
function cameraProblem(error: unknown): string {
  if (error instanceof DecoderUnavailable) return texts.decoderFailed;
  const name = error instanceof DOMException ? error.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError') return texts.cameraRefused;
  if (name === 'NotFoundError' || name === 'OverconstrainedError') return texts.cameraMissing;
  return texts.cameraFailed;
}

/**
 * Waits for the video's next frame (or the screen's next paint where a browser cannot tell frames),
 * or for the camera to close: a closed camera's video has no next frame, and a wait that never ends
 * would keep its loop (and the video element) alive, one more at each open and close. Not a
 * Promise.race against one long-lived promise: that adds a callback to it at every frame.
 */
const nextFrame = (video: HTMLVideoElement, closed: AbortSignal) =>
  new Promise<void>((resolve) => {
    const done = () => {
      closed.removeEventListener('abort', done);
      resolve();
    };
    closed.addEventListener('abort', done);
    if ('requestVideoFrameCallback' in video) video.requestVideoFrameCallback(done);
    else requestAnimationFrame(done);
  });

const stop = (stream: MediaStream) => stream.getTracks().forEach((track) => track.stop());

export function useCameraScan(video: RefObject<HTMLVideoElement | null>, open: boolean, onScan: (text: string) => void): string | undefined {
  const [problem, setProblem] = useState<string>();
  const handler = useRef(onScan);
  useEffect(() => {
    handler.current = onScan;
  });
  useEffect(() => {
    const element = video.current;
    if (!open || !element) return;
    // Browsers give the camera to secure pages only: a phone on the LAN's plain http has none.
    if (!navigator.mediaDevices?.getUserMedia) return setProblem(texts.cameraNeedsHttps);
    setProblem(undefined);
    const closing = new AbortController();
    const closed = closing.signal;
    const fresh = repeatFilter();
    const run = async () => {
      const stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' }, audio: false });
      if (closed.aborted) return stop(stream);
      element.srcObject = stream;
      await element.play();
      const detector = await qrDetector().catch((error: unknown) => {
        throw new DecoderUnavailable('decoder', { cause: error });
      });
      while (!closed.aborted) {
        for (const { rawValue } of await detector.detect(element)) if (!closed.aborted && fresh(rawValue)) handler.current(rawValue);
        await nextFrame(element, closed);
      }
    };
    run().catch((error: unknown) => {
      if (closed.aborted) return;
      console.error(error);
      setProblem(cameraProblem(error));
    });
    return () => {
      closing.abort();
      if (element.srcObject instanceof MediaStream) stop(element.srcObject);
      element.srcObject = null;
    };
  }, [video, open]);
  return problem;
}
