// What to send and where: the exact amount and the wallet address, each with a copy button, the
// network named plainly, a QR code of the wallet payment URI and, for a phone, the same URI as a link.
import type { ReactNode } from 'react';
import { ExternalLink } from 'lucide-react';
import type { Network } from '@/contracts/cryptos';
import { buttonVariants } from '@/web/components/ui/button-variants';
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
      <div className="flex flex-col items-center gap-2">
        <PaymentQr uri={paymentUri} />
        {/* A URI with a scheme opens the phone's wallet with address and amount filled (BIP-21, EIP-681); a bare address opens nothing. */}
        {paymentUri.includes(':') ? (
          <a href={paymentUri} className={buttonVariants({ variant: 'outline', size: 'sm' })}>
            <ExternalLink aria-hidden />
            Open in wallet app
          </a>
        ) : null}
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

/** One line on which way of paying is safest: the ways that fill in the amount and network for the buyer. */
export function safestWayToPay(network: Network, wallet: boolean, cryptoName = ''): string {
  if (wallet) return 'Safest: pay with your wallet or scan the QR code, so the exact amount and network are filled in for you. Copying by hand? Check both before sending.';
  if (network === 'bitcoin' || network === 'litecoin' || network === 'dogecoin') return 'Safest: scan the QR code or open your wallet app, so the exact amount is filled in for you. Copying by hand? Check it before sending.';
  if (network === 'tron') {
    return `TRON has no payment link that wallets agree on, so the QR code holds the address alone: copy the amount with its button. Send ${cryptoName} only: the same coin on another network does not reach this address.`;
  }
  return 'Safest: copy the amount and address with the buttons rather than typing them, and check the network before sending.';
}
