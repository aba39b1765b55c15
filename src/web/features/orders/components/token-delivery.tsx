// The Token Hub's delivery (issue 19): once the buyer's tokens are in a distribution, the Withdraw
// button gives way to this: each distribution's tokens, delivered (with the transaction on the
// explorer), claimable (with the buyer's Merkle proof and how to claim), or still waiting. The
// operator's delivery note stays above it.
import { ExternalLink, Send } from 'lucide-react';
import { Link } from 'react-router';
import type { BuyerDelivery, MyDelivery } from '@/contracts/distribution';
import { Badge } from '@/web/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/web/components/ui/card';
import { CopyButton } from '@/web/components/ui/copy-button';
import { formatAmount, formatDate, formatDateTime } from '@/web/lib/format';
import { paths } from '@/web/lib/paths';

const LINK = 'text-primary inline-flex items-center gap-1 underline-offset-4 hover:underline';
const MONO = 'font-mono text-xs break-all';

function Hash({ hash, url }: { hash: string; url: string | null }) {
  const short = `${hash.slice(0, 10)}…${hash.slice(-8)}`;
  return url ? (
    <a href={url} target="_blank" rel="noreferrer noopener" className={`${LINK} font-mono`} title={hash}>
      {short}
      <ExternalLink className="size-3.5" aria-hidden />
      <span className="sr-only">(opens the explorer)</span>
    </a>
  ) : (
    <span className="font-mono" title={hash}>
      {short}
    </span>
  );
}

function Claim({ d, symbol, token }: { d: BuyerDelivery; symbol: string; token: MyDelivery['token'] }) {
  const claim = d.claim;
  if (!claim) return null;
  const proof = JSON.stringify(claim.proof);
  return (
    <div className="grid gap-3 text-sm">
      <p>
        <Badge className="mr-2">Claimable</Badge>
        Your {symbol} are ready to claim from the sale’s claim contract. From your wallet {d.wallet ? <span className={MONO}>{d.wallet}</span> : null}:
      </p>
      <ol className="grid list-decimal gap-2 pl-5">
        <li>
          {claim.claimUrl ? (
            <>
              Open the claim page,{' '}
              <a href={claim.claimUrl} target="_blank" rel="noreferrer noopener" className={LINK}>
                {claim.claimUrl}
                <ExternalLink className="size-3.5" aria-hidden />
              </a>
              , and connect this wallet
            </>
          ) : (
            'Connect this wallet to the claim contract (on its explorer page, or in your wallet)'
          )}
          {claim.chainId ? ` on chain ${claim.chainId}` : ''}.
        </li>
        <li>
          Claim contract:{' '}
          {claim.contractUrl ? (
            <a href={claim.contractUrl} target="_blank" rel="noreferrer noopener" className={`${LINK} ${MONO}`}>
              {claim.contract}
            </a>
          ) : (
            <span className={MONO}>{claim.contract}</span>
          )}
        </li>
        <li>
          Claim amount <span className={MONO}>{d.units}</span> (that is {formatAmount(d.tokens)} {symbol} with {token.decimals} decimals) with the proof below; the contract checks it against the published root{' '}
          <span className={MONO}>{claim.merkleRoot}</span>.
        </li>
      </ol>
      <div className="grid gap-1">
        <div className="flex items-center justify-between gap-2">
          <span className="font-medium" id={`proof-${d.distributionId}`}>
            Your Merkle proof
          </span>
          <CopyButton value={proof} label="Copy the proof" />
        </div>
        <pre aria-labelledby={`proof-${d.distributionId}`} className="bg-muted max-h-48 overflow-auto rounded-md p-3 font-mono text-xs break-all whitespace-pre-wrap">
          {claim.proof.length > 0 ? claim.proof.join('\n') : '[] (yours is the only leaf: the proof is empty)'}
        </pre>
      </div>
    </div>
  );
}

function Item({ d, symbol, token }: { d: BuyerDelivery; symbol: string; token: MyDelivery['token'] }) {
  return (
    <li className="grid gap-2 rounded-md border p-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <p className="font-semibold">
          {formatAmount(d.tokens)} {symbol}
        </p>
        <span className="text-muted-foreground text-xs">
          Distribution {d.distributionId} · {formatDate(d.openedAt)}
        </span>
      </div>
      {d.state === 'delivered' && d.delivery ? (
        <p className="text-sm">
          <Badge variant="success" className="mr-2">
            Delivered
          </Badge>
          Delivered in <Hash hash={d.delivery.txHash} url={d.delivery.explorerUrl} /> to <span className={MONO}>{d.wallet}</span> on {formatDateTime(d.delivery.recordedAt)}.
        </p>
      ) : null}
      {d.state === 'claimable' ? <Claim d={d} symbol={symbol} token={token} /> : null}
      {d.state === 'to-deliver' ? (
        <p className="text-sm">
          <Badge variant="warning" className="mr-2">
            To deliver
          </Badge>
          Being sent to <span className={MONO}>{d.wallet}</span>. The transaction will be shown here.
        </p>
      ) : null}
      {d.state === 'missing' ? (
        <p className="text-sm">
          <Badge variant="destructive" className="mr-2">
            Wallet missing
          </Badge>
          You had not given a receiving wallet when this distribution was made. Add it in{' '}
          <Link to={`${paths.profile}#wallet`} className={LINK}>
            My Profile
          </Link>{' '}
          and these tokens go to the next distribution.
        </p>
      ) : null}
      {d.state === 'carried' ? (
        <p className="text-muted-foreground text-sm">Carried to distribution {d.carriedTo}, once you gave your wallet.</p>
      ) : null}
    </li>
  );
}

export function TokenDelivery({ delivery, symbol, deliveryNote }: { delivery: MyDelivery; symbol: string; deliveryNote: string }) {
  const note = deliveryNote.trim();
  const tokens = symbol || 'tokens';
  return (
    <Card className="min-w-0" role="region" aria-labelledby="delivery-title">
      <CardHeader>
        <CardTitle id="delivery-title" className="flex items-center gap-2">
          <Send className="size-5" aria-hidden /> Token delivery
        </CardTitle>
        <CardDescription>
          Your {tokens} from each distribution of the sale
          {delivery.token.tokenContract ? (
            <>
              {' '}
              (token contract{' '}
              {delivery.token.contractUrl ? (
                <a href={delivery.token.contractUrl} target="_blank" rel="noreferrer noopener" className={`${LINK} ${MONO}`}>
                  {delivery.token.tokenContract}
                </a>
              ) : (
                <span className={MONO}>{delivery.token.tokenContract}</span>
              )}
              {delivery.token.chainId ? ` on chain ${delivery.token.chainId}` : ''})
            </>
          ) : null}
          .
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {note ? <p className="bg-muted/50 rounded-md p-3 text-sm whitespace-pre-line">{note}</p> : null}
        <ul className="grid gap-3">
          {delivery.deliveries.map((d) => (
            <Item key={d.distributionId} d={d} symbol={tokens} token={delivery.token} />
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
