import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { apiBlob } from '../api/client';

/**
 * A participant's QR code, fetched with the operator's credentials. The participant's `qrCode` is
 * an absolute URL on this service; its path is fetched on this page's own origin, which is the same
 * service however the page was reached (localhost, 127.0.0.1, the LAN address).
 */
export function TicketQr({ qrCode, label, size = 180 }: { qrCode: string; label: string; size?: number }) {
  const path = new URL(qrCode).pathname;
  const image = useQuery({ queryKey: ['qr', path], queryFn: async () => URL.createObjectURL(await apiBlob(path)), staleTime: Infinity });
  useEffect(() => () => (image.data ? URL.revokeObjectURL(image.data) : undefined), [image.data]);
  if (!image.data) return <div className="qr placeholder" style={{ width: size, height: size }} aria-busy="true" />;
  return <img className="qr" src={image.data} width={size} height={size} alt={label} />;
}
