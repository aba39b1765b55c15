// Buy Token (PRODUCT.md §4): amount, currency, the purchase's preview, then the payment dialog.
import { Coins } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import type { PublicCrypto } from '@/contracts/cryptos';
import type { Sale } from '@/contracts/sale';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/web/components/ui/card';
import { useStageClock } from '../hooks/use-stage-clock';
import { currentRate, newIdempotencyKey, previewPurchase, withCampaign, type AmountMode } from '../lib/purchase-preview';
import { AmountField } from './amount-field';
import { CampaignCodeField, useCampaignCode } from './campaign-code-field';
import { CryptoPicker } from './crypto-picker';
import type { PaymentRequest } from './payment-dialog';
import { PurchasePanel } from './purchase-panel';

// The payment step and its QR-code library load once a currency is chosen, not with the page.
const loadPaymentDialog = () => import('./payment-dialog');
const PaymentDialog = lazy(() => loadPaymentDialog().then((m) => ({ default: m.PaymentDialog })));

/** `receivedAt` is when the browser received `sale`: with its serverTime, the server's clock now, which decides the stage. */
export function BuyTokenForm({ sale, cryptos, receivedAt }: { sale: Sale; cryptos: PublicCrypto[]; receivedAt: number }) {
  // Empty until the buyer types, counting tokens (the badge shows the symbol): no figure or limit
  // message appears before there is input.
  const [amount, setAmount] = useState('');
  const [mode, setMode] = useState<AmountMode>('tokens');
  const [chosenCode, setChosenCode] = useState<string | null>(null);
  const [payment, setPayment] = useState<PaymentRequest | null>(null);

  const symbol = sale.token.symbol;
  const now = useStageClock(sale, receivedAt);
  const crypto = cryptos.find((c) => c.code === chosenCode) ?? null;
  const code = useCampaignCode();
  const plainPreview = crypto ? previewPurchase(amount, mode, crypto, sale, now) : null;
  // The order names the campaign code the server accepted, and the quote shows its bonus.
  const { preview, campaign } = withCampaign(plainPreview, code.campaign);
  const unit = mode === 'tokens' ? symbol : (crypto?.code ?? 'Currency');

  // The swap converts the amount to the same purchase in the other unit (250 PRE ⇄ 2.5 USDT) with the
  // quote's own rounding: it never reinterprets the number typed, so a purchase that cannot be priced
  // (more than the sale has left) cannot be swapped.
  const swap = () => {
    if (preview?.quote) setAmount(mode === 'tokens' ? preview.quote.payAmount : preview.quote.tokens);
    setMode((m) => (m === 'tokens' ? 'crypto' : 'tokens'));
  };
  const canSwap = crypto !== null && preview?.quote !== null;

  // An amount in the currency follows a change of currency, so the purchase (the tokens) stays.
  const choose = (code: string) => {
    const next = cryptos.find((c) => c.code === code);
    const current = crypto && mode === 'crypto' ? preview : null;
    const converted = current?.quote && next && next.code !== crypto?.code ? previewPurchase(current.quote.tokens, 'tokens', next, sale, now) : null;
    if (converted?.quote) setAmount(converted.quote.payAmount);
    setChosenCode(code);
  };

  const openPayment = () => {
    if (!crypto || !preview?.quote || preview.blocked) return;
    // The request is frozen at opening: a rate refresh meanwhile cannot change what is confirmed.
    setPayment({ crypto, quote: preview.quote, campaign, body: preview.body, idempotencyKey: newIdempotencyKey() });
  };

  if (cryptos.length === 0) {
    return (
      <Card>
        <CardContent className="flex flex-col items-center gap-2 py-8 text-center">
          <Coins className="text-muted-foreground size-8" aria-hidden />
          <p className="font-medium">No payment methods are available yet.</p>
          <p className="text-muted-foreground text-sm">The operator has not enabled a cryptocurrency to pay with. Please check back later.</p>
        </CardContent>
      </Card>
    );
  }

  return (
    <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,24rem)]">
      <Card className="min-w-0">
        <CardHeader>
          <CardTitle>Choose amount and currency</CardTitle>
          <CardDescription>
            {mode === 'tokens' ? `The amount is in ${symbol} tokens to receive.` : 'The amount is in the currency you pay with.'} Use the swap button to switch.
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-6">
          <AmountField value={amount} onChange={setAmount} unit={unit} onSwap={canSwap ? swap : null} />
          <CampaignCodeField value={code.value} onChange={code.setValue} campaign={code.campaign} />
          <CryptoPicker
            cryptos={cryptos}
            chosen={crypto?.code ?? null}
            onChoose={(code) => {
              choose(code);
              void loadPaymentDialog();
            }}
          />
        </CardContent>
      </Card>
      {crypto ? (
        <PurchasePanel sale={sale} crypto={crypto} rate={currentRate(crypto, sale, now)} preview={preview} campaign={campaign} onBuy={openPayment} />
      ) : (
        <p className="text-muted-foreground rounded-lg border border-dashed p-4 text-sm">Choose a currency to see what you pay, what you receive and your bonus.</p>
      )}
      {payment ? (
        <Suspense fallback={null}>
          <PaymentDialog key={payment.idempotencyKey} request={payment} symbol={symbol} onClose={() => setPayment(null)} />
        </Suspense>
      ) : null}
    </div>
  );
}
