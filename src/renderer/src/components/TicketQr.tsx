import { useEffect, useState } from 'react';
import { useQrImage } from '../api/hooks';

/**
 * A participant's QR code, fetched with the operator's credentials. The participant's `qrCode` is
 * an absolute URL on this service; its path is fetched on this page's own origin, which is the same
 * service however the page was reached (localhost, 127.0.0.1, the LAN address). The cache keeps the
 * image itself; each showing makes its own object URL and lets it go when it is gone, so a ticket
 * shown again finds its image still there.
 */
export function TicketQr({ qrCode, label, size = 180 }: { qrCode: string; label: string; size?: number }) {
  const image = useQrImage(new URL(qrCode).pathname).data;
  const [url, setUrl] = useState<string>();
  useEffect(() => {
    if (!image) return;
    const made = URL.createObjectURL(image);
    setUrl(made);
    return () => URL.revokeObjectURL(made);
  }, [image]);
  if (!url) return <div className="qr placeholder" style={{ width: size, height: size }} aria-busy="true" />;
  return <img className="qr" src={url} width={size} height={size} alt={label} />;
}
