// A QR code of a wallet payment URI, drawn as an SVG image by the `qrcode` package.
import { useMemo } from 'react';
import QRCode from 'qrcode';
import { cn } from '@/web/lib/utils';

/**
 * Drawn while the component renders: with a callback the package draws synchronously, and the
 * code, the order page's largest element, then paints with the page rather than a task later.
 */
function qrDataUrl(uri: string): string | null {
  const drawn: { svg?: string } = {};
  QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2, color: { dark: '#000000', light: '#ffffff' } }, (error, svg) => {
    if (!error) drawn.svg = svg;
  });
  return drawn.svg === undefined ? null : `data:image/svg+xml;charset=utf-8,${encodeURIComponent(drawn.svg)}`;
}

export function PaymentQr({ uri, className }: { uri: string; className?: string }) {
  const data = useMemo(() => qrDataUrl(uri), [uri]);
  if (data === null) return <p className="text-muted-foreground text-sm">The QR code could not be drawn. Use the amount and address instead.</p>;
  // White background in both themes: wallets' cameras read dark-on-light most reliably.
  return <img src={data} alt="Payment QR code" width={176} height={176} className={cn('size-44 rounded-md border bg-white', className)} />;
}
