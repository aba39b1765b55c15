// What to send and where: the exact amount and the wallet address, each with a copy button, the
// network named plainly, and a QR code of the wallet payment URI.
import type { ReactNode } from 'react';
import { CopyButton } from '@/web/components/ui/copy-button';
import { PaymentQr } from './payment-qr';

function CopyableValue({ label, value, display, copyLabel }: { label: string; value: string; display: ReactNode; copyLabel: string }) {
  return (
    <div className="grid gap-1">
      <dt className="text-muted-foreground text-xs font-medium tracking-wide uppercase">{label}</dt>
      <dd className="flex items-center gap-2">
        <span className="bg-muted min-w-0 flex-1 rounded-md px-3 py-2 font-mono text-sm break-all">{display}</span>
        <CopyButton value={value} label={copyLabel} />
      </dd>
    </div>
  );
}

export interface PaymentInstructionsProps {
  payAmount: string;
  code: string;
  address: string;
  network: string;
  tokenContract: string | null;
  paymentUri: string;
}

export function PaymentInstructions({ payAmount, code, address, network, tokenContract, paymentUri }: PaymentInstructionsProps) {
  return (
    <div className="grid items-start gap-4 sm:grid-cols-[auto_minmax(0,1fr)]">
      <div className="flex justify-center">
        <PaymentQr uri={paymentUri} />
      </div>
      <dl className="grid min-w-0 gap-3">
        <CopyableValue label="Amount" value={payAmount} copyLabel="Copy amount" display={`${payAmount} ${code}`} />
        <CopyableValue label="Address" value={address} copyLabel="Copy address" display={address} />
        <div className="grid gap-1">
          <dt className="text-muted-foreground text-xs font-medium tracking-wide uppercase">Network</dt>
          <dd className="text-sm font-medium">{network}</dd>
        </div>
        {tokenContract ? (
          <div className="grid gap-1">
            <dt className="text-muted-foreground text-xs font-medium tracking-wide uppercase">Token contract</dt>
            <dd className="font-mono text-xs break-all">{tokenContract}</dd>
          </div>
        ) : null}
      </dl>
    </div>
  );
}
