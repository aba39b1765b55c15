import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/web/components/ui/card';
import { AdminPage } from '@/web/features/back-office/shell/admin-page';
import { AddCryptoForm } from '@/web/features/back-office/cryptos/crypto-form';
import { CryptoList } from '@/web/features/back-office/cryptos/crypto-list';
import { EvmWalletForm } from '@/web/features/back-office/cryptos/evm-wallet-form';
import { Can } from '@/web/features/back-office/shell/can';
import { RefreshRatesButton } from '@/web/features/back-office/cryptos/refresh-rates-button';
import { SetupChecklist } from '@/web/features/back-office/setup/setup-checklist';
import { useDocumentTitle } from '@/web/lib/use-document-title';

export function Component() {
  useDocumentTitle('Crypto');
  return (
    <AdminPage
      title="Crypto management"
      description="Currencies buyers can pay with. A currency is offered only when it is enabled and has a wallet address and a rate."
      actions={
        <Can need="manage">
          <RefreshRatesButton />
        </Can>
      }
    >
      <SetupChecklist />

      <Can need="manage">
        <Card id="add-currency" className="scroll-mt-20">
          <CardHeader>
            <CardTitle>Add a currency</CardTitle>
          </CardHeader>
          <CardContent>
            <AddCryptoForm />
          </CardContent>
        </Card>
      </Can>

      <Can need="own">
        <Card>
          <CardHeader>
            <CardTitle>Update ERC-20 Wallet</CardTitle>
            <CardDescription>Sets this address on every currency of an EVM network (Ether, ERC-20 tokens, BNB Smart Chain).</CardDescription>
          </CardHeader>
          <CardContent>
            <EvmWalletForm />
          </CardContent>
        </Card>
      </Can>

      <CryptoList />
    </AdminPage>
  );
}
