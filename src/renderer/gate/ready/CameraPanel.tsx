/** The camera button and its viewfinder: while open, every QR code in front of it is scanned, no touch needed. */
import { useRef, useState } from 'react';
import { useCameraScan } from '../scan/use-camera-scan';
import { texts } from '../texts';

export function CameraPanel({ onScan }: { onScan: (text: string) => void }) {
  const [open, setOpen] = useState(false);
  const video = useRef<HTMLVideoElement>(null);
  const problem = useCameraScan(video, open, onScan);
  return (
    <section className="camera">
      <button type="button" className={open ? 'secondary wide' : 'primary wide'} aria-pressed={open} onClick={() => setOpen(!open)}>
        {open ? texts.closeCamera : texts.openCamera}
      </button>
      <video ref={video} className="viewfinder" hidden={!open} aria-label={texts.cameraView} muted playsInline />
      {open && problem && (
        <p className="problem" role="alert">
          {problem}
        </p>
      )}
    </section>
  );
}
