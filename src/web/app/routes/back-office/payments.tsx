import { QueryView } from '@/web/components/query-view';
import { useAdminPayments } from '@/web/api/admin/payments';
import { AdminPage } from '@/web/features/back-office/components/admin-page';
import { PaymentAccountKey } from '@/web/features/back-office/components/payment-account-key';
import { PaymentChains } from '@/web/features/back-office/components/payment-chains';
import { LookupEndpoints } from '@/web/features/back-office/components/lookup-endpoints';
import { UnallocatedDeposits } from '@/web/features/back-office/components/unallocated-deposits';
import { UtxoPayments, isShown } from '@/web/features/back-office/components/utxo-payments';
import { useDocumentTitle } from '@/web/lib/use-document-title';

export function Component() {
  useDocumentTitle('Payments');
  const { data, isError } = useAdminPayments();
  return (
    <AdminPage title="Payments" description="Automatic payments on EVM chains, Bitcoin, Litecoin and Dogecoin: each buyer pays to their own deposit address, and Presale watches the chain for the payment.">
      <QueryView data={data} isError={isError} errorText="The payment settings could not be loaded." loadingLabel="Loading the payment settings" skeletonClassName="h-96">
        {(settings) => (
          <>
            <PaymentAccountKey evmKey={settings.evmKey} />
            <PaymentChains chains={settings.chains} />
            {settings.utxoChains.filter(isShown).map((chain) => (
              <UtxoPayments key={chain.chain} settings={chain} />
            ))}
            <LookupEndpoints lookups={settings.lookups} />
            <UnallocatedDeposits />
          </>
        )}
      </QueryView>
    </AdminPage>
  );
}
