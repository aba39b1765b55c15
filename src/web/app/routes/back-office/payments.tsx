import { QueryView } from '@/web/components/query-view';
import { useAdminCryptos } from '@/web/api/cryptos';
import { useAdminPayments } from '@/web/api/payments';
import { AdminPage } from '@/web/features/back-office/shell/admin-page';
import { PaymentAccountKey } from '@/web/features/back-office/payments/payment-account-key';
import { PaymentChains } from '@/web/features/back-office/payments/payment-chains';
import { PaymentFold } from '@/web/features/back-office/payments/payment-fold';
import { PaymentStatus } from '@/web/features/back-office/payments/payment-status';
import { paymentStatuses, setupSteps } from '@/web/features/back-office/payments/payment-statuses';
import { PaymentSteps } from '@/web/features/back-office/payments/payment-steps';
import { LookupEndpoints } from '@/web/features/back-office/payments/lookup-endpoints';
import { UnallocatedDeposits } from '@/web/features/back-office/payments/unallocated-deposits';
import { TronAddressList } from '@/web/features/back-office/payments/tron-address-list';
import { TronWatcher } from '@/web/features/back-office/payments/tron-watcher';
import { UtxoPayments } from '@/web/features/back-office/payments/utxo-payments';
import { useDocumentTitle } from '@/web/lib/use-document-title';

export function Component() {
  useDocumentTitle('Payments');
  const { data, isError } = useAdminPayments();
  // Which currencies are on offer decides what is folded: the page waits for them, unless they fail
  // to load (then nothing is folded).
  const cryptos = useAdminCryptos();
  const ready = data && (cryptos.data || cryptos.isError) ? data : undefined;
  return (
    <AdminPage title="Payments" description="Automatic payments on EVM chains, Bitcoin, Litecoin, Dogecoin and TRON: each buyer pays to their own deposit address, and Presale watches the chain for the payment.">
      <QueryView data={ready} isError={isError} errorText="The payment settings could not be loaded." loadingLabel="Loading the payment settings" skeletonClassName="h-96">
        {(settings) => {
          const statuses = paymentStatuses(settings, cryptos.data ?? null);
          const offered = (target: string) => statuses.find((s) => s.target === target)?.offered ?? null;
          return (
            <>
              <PaymentStatus statuses={statuses} />
              <section id="evm-payments" className="grid scroll-mt-4 gap-4">
                <div className="grid gap-3">
                  <h2 id="evm-payments-title" className="text-xl font-semibold tracking-tight">
                    EVM chains
                  </h2>
                  <PaymentSteps name="EVM" steps={setupSteps(settings.evmKey !== null, settings.chains.length > 0)} />
                </div>
                <PaymentFold
                  folded={offered('evm-payments') === false}
                  label="EVM settings"
                  reason="No currency on an EVM chain is on offer (enabled, with a wallet address, on the Crypto page), so these settings are folded."
                >
                  <PaymentAccountKey accountKey={settings.evmKey} />
                  <PaymentChains chains={settings.chains} />
                </PaymentFold>
              </section>
              {settings.utxoChains.map((chain) => (
                <UtxoPayments key={chain.chain} settings={chain} offered={offered(`${chain.chain}-payments`)} />
              ))}
              <section id="tron-payments" className="grid scroll-mt-4 gap-4">
                <div className="grid gap-3">
                  <h2 className="text-xl font-semibold tracking-tight">TRON</h2>
                  <PaymentSteps name="TRON" steps={setupSteps(settings.tron.key !== null || settings.tron.addressList?.active === true, settings.tron.watcher !== null)} />
                </div>
                <PaymentFold
                  folded={offered('tron-payments') === false}
                  label="TRON settings"
                  reason="No TRON currency (TRX, or USDT on TRON) is on offer (enabled, with a wallet address, on the Crypto page), so these settings are folded."
                >
                  <PaymentAccountKey accountKey={settings.tron.key} family="tron" />
                  <TronAddressList list={settings.tron.addressList} keySet={settings.tron.key !== null} />
                  <TronWatcher watcher={settings.tron.watcher} />
                </PaymentFold>
              </section>
              <LookupEndpoints lookups={settings.lookups} />
              <UnallocatedDeposits />
            </>
          );
        }}
      </QueryView>
    </AdminPage>
  );
}
