// Buyers holding tokens without a receiving wallet are reminded where to give one (issue 19).
import { Wallet } from 'lucide-react';
import { Link } from 'react-router';
import type { Me } from '@/contracts/auth';
import { Alert, AlertDescription, AlertTitle } from '@/web/components/ui/alert';
import { paths } from '@/web/lib/paths';

export function WalletReminder({ me, symbol }: { me: Me; symbol: string }) {
  if (me.receivingWallet || me.balance === '0') return null;
  return (
    <Alert role="region" aria-label="Add your receiving wallet">
      <Wallet aria-hidden />
      <AlertTitle>Add your receiving wallet</AlertTitle>
      <AlertDescription>
        <span>
          Your {symbol || 'tokens'} will be delivered to a wallet you give us. Add it in{' '}
          <Link to={`${paths.profile}#wallet`} className="text-primary underline underline-offset-4">
            My Profile
          </Link>
          .
        </span>
      </AlertDescription>
    </Alert>
  );
}

/** On the Token Hub: where the tokens go, or the reminder. */
export function ReceivingWalletNote({ me, symbol }: { me: Me; symbol: string }) {
  if (!me.receivingWallet) return <WalletReminder me={me} symbol={symbol} />;
  return (
    <p className="text-sm">
      Your {symbol || 'tokens'} will be delivered to <span className="font-mono text-xs break-all">{me.receivingWallet}</span>.{' '}
      <Link to={`${paths.profile}#wallet`} className="text-primary underline underline-offset-4">
        Change it
      </Link>
    </p>
  );
}
