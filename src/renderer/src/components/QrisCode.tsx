/**
 * A QRIS code to pay with, drawn here: the merchant's static code with the amount written in
 * (shared/qris.ts), the amount and the merchant's name beside it. The customer display and the
 * counter's payment step show the same code.
 */
import QRCode from 'qrcode';
import { useEffect, useState } from 'react';
import { qrisMerchantName } from '#shared/qris.js';
import { rupiah } from '../format';

export function QrisCode({ payload, total, size = 360, testId }: { payload: string; total: string; size?: number; testId?: string }) {
  const [image, setImage] = useState<string>();
  useEffect(() => {
    let current = true;
    QRCode.toDataURL(payload, { margin: 2, width: size, errorCorrectionLevel: 'M' }).then(
      (url) => current && setImage(url),
      // Said on the screen: the customer has no code to scan.
      () => current && setImage('failed'),
    );
    return () => {
      current = false;
    };
  }, [payload, size]);
  return (
    <div className="qris-code">
      <p>
        Pindai dengan aplikasi bank atau e-wallet: <strong>{rupiah(total)}</strong>
      </p>
      {image === 'failed' ? (
        <p className="display-problem">Kode QRIS tidak dapat digambar: minta kasir memakai kode QRIS di loket.</p>
      ) : (
        image && <img src={image} width={size} height={size} alt="Kode QRIS untuk membayar" data-testid={testId} />
      )}
      <p className="muted">Merchant: {qrisMerchantName(payload) ?? '—'}</p>
    </div>
  );
}
