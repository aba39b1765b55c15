import { RefreshCw } from 'lucide-react';
import { useCallback, useState } from 'react';
import { toast } from '@/web/lib/toast';
import type { AdminCrypto } from '@/contracts/admin';
import { Button } from '@/web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/web/components/ui/card';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/web/components/ui/dialog';
import { Skeleton } from '@/web/components/ui/skeleton';
import { Spinner } from '@/web/components/ui/spinner';
import { useAdminCryptos, useCreateCrypto, useDeleteCrypto, useRefreshRates, useUpdateCrypto } from '@/web/api/admin/cryptos';
import { AdminPage } from '@/web/features/back-office/components/admin-layout';
import { CryptoForm, cryptoToForm, EMPTY_CRYPTO } from '@/web/features/back-office/components/crypto-form';
import { CryptoTable } from '@/web/features/back-office/components/crypto-table';
import { EvmWalletForm } from '@/web/features/back-office/components/evm-wallet-form';
import { SetupChecklist } from '@/web/features/back-office/components/setup-checklist';
import { errorMessage } from '@/web/lib/api-client';
import { useDocumentTitle } from '@/web/lib/use-document-title';

export function Component() {
  useDocumentTitle('Crypto');
  const { data: cryptos, isError } = useAdminCryptos();
  const create = useCreateCrypto();
  const update = useUpdateCrypto();
  const remove = useDeleteCrypto();
  const refresh = useRefreshRates();
  const [editing, setEditing] = useState<AdminCrypto | null>(null);
  const [deleting, setDeleting] = useState<AdminCrypto | null>(null);
  // The add form starts empty again after each success.
  const [addFormKey, setAddFormKey] = useState(0);
  const onEdit = useCallback((c: AdminCrypto) => setEditing(c), []);
  const onDelete = useCallback((c: AdminCrypto) => setDeleting(c), []);

  const refreshRates = () =>
    refresh.mutate(undefined, {
      onSuccess: (result) => (result.missing.length ? toast.warning(result.message) : toast.success(result.message)),
      onError: (error) => toast.error(errorMessage(error, 'Failed to update cryptos.')),
    });

  return (
    <AdminPage
      title="Crypto management"
      description="Currencies buyers can pay with. A currency is offered only when it is enabled and has a wallet address and a rate."
      actions={
        <Button variant="outline" onClick={refreshRates} disabled={refresh.isPending}>
          {refresh.isPending ? <Spinner /> : <RefreshCw aria-hidden />}
          Update Crypto Rates
        </Button>
      }
    >
      <SetupChecklist />

      <Card id="add-currency" className="scroll-mt-20">
        <CardHeader>
          <CardTitle>Add a currency</CardTitle>
        </CardHeader>
        <CardContent>
          <CryptoForm
            key={addFormKey}
            mode="create"
            initial={EMPTY_CRYPTO}
            submitLabel="Add crypto"
            pending={create.isPending}
            onSubmit={(values, fail) =>
              create.mutate(values, {
                onSuccess: (saved) => {
                  toast.success(`${saved.code} added`);
                  setAddFormKey((k) => k + 1);
                },
                onError: (error) => {
                  fail(error);
                  toast.error(errorMessage(error, 'Failed to add the currency.'));
                },
              })
            }
          />
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>Update ERC-20 Wallet</CardTitle>
          <CardDescription>Sets this address on every currency of an EVM network (Ether, ERC-20 tokens, BNB Smart Chain).</CardDescription>
        </CardHeader>
        <CardContent>
          <EvmWalletForm />
        </CardContent>
      </Card>

      <section aria-labelledby="all-currencies" className="grid scroll-mt-20 gap-3">
        <h2 id="all-currencies" className="text-lg font-semibold">
          All currencies
        </h2>
        {cryptos ? (
          <CryptoTable cryptos={cryptos} onEdit={onEdit} onDelete={onDelete} />
        ) : isError ? (
          <p role="alert" className="text-destructive">
            The currencies could not be loaded.
          </p>
        ) : (
          <Skeleton className="h-64" aria-busy="true" aria-label="Loading currencies" />
        )}
      </section>

      <Dialog open={editing !== null} onOpenChange={(open) => !open && setEditing(null)}>
        <DialogContent className="sm:max-w-2xl">
          <DialogHeader>
            <DialogTitle>Edit crypto</DialogTitle>
            <DialogDescription>The currency code cannot change.</DialogDescription>
          </DialogHeader>
          {editing ? (
            <CryptoForm
              mode="edit"
              initial={cryptoToForm(editing)}
              submitLabel="Save changes"
              pending={update.isPending}
              onSubmit={({ currency, ...body }, fail) =>
                update.mutate(
                  { code: currency, body },
                  {
                    onSuccess: () => {
                      toast.success(`${currency} updated`);
                      setEditing(null);
                    },
                    onError: (error) => {
                      fail(error);
                      toast.error(errorMessage(error, 'Failed to update the currency.'));
                    },
                  },
                )
              }
            />
          ) : null}
        </DialogContent>
      </Dialog>

      <Dialog open={deleting !== null} onOpenChange={(open) => !open && setDeleting(null)}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>Delete crypto</DialogTitle>
            <DialogDescription>
              Delete {deleting?.code}? A currency that orders refer to is disabled instead, so those orders keep their details.
            </DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <Button variant="outline" onClick={() => setDeleting(null)}>
              Cancel
            </Button>
            <Button
              variant="destructive"
              disabled={remove.isPending}
              onClick={() =>
                deleting &&
                remove.mutate(deleting.code, {
                  onSuccess: (result) => {
                    toast.success(result.message);
                    setDeleting(null);
                  },
                  onError: (error) => toast.error(errorMessage(error, 'Failed to delete the currency.')),
                })
              }
            >
              {remove.isPending ? <Spinner /> : null}
              Delete
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </AdminPage>
  );
}
