// A QR code of a wallet payment URI, drawn as an SVG image by the `qrcode` package.
import { useQuery } from '@tanstack/react-query';
import QRCode from 'qrcode';
import { Skeleton } from '@/web/components/ui/skeleton';
import { cn } from '@/web/lib/utils';

async function qrDataUrl(uri: string): Promise<string> {
  const svg = await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2, color: { dark: '#000000', light: '#ffffff' } });
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

export function PaymentQr({ uri, className }: { uri: string; className?: string }) {
  // Cached per URI and never refetched: the same URI always draws the same code.
  const { data, isError } = useQuery({ queryKey: ['qr', uri], queryFn: () => qrDataUrl(uri), staleTime: Infinity, gcTime: 5 * 60_000 });
  if (isError) return <p className="text-muted-foreground text-sm">The QR code could not be drawn. Use the amount and address instead.</p>;
  if (!data) return <Skeleton className={cn('size-44', className)} />;
  // White background in both themes: wallets' cameras read dark-on-light most reliably.
  return <img src={data} alt="Payment QR code" width={176} height={176} className={cn('size-44 rounded-md border bg-white', className)} />;
}
