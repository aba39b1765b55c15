import { useCallback, useState } from 'react';
import type { AdminCrypto } from '@/contracts/cryptos';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/web/components/ui/dialog';
import { QueryView } from '@/web/components/query-view';
import { useAdminCryptos } from '@/web/api/cryptos';
import { EditCryptoForm } from './crypto-form';
import { CryptoTable } from './crypto-table';
import { DeleteCryptoDialog } from './delete-crypto-dialog';

/** Every currency, with its edit and delete dialogs. */
export function CryptoList() {
  const { data: cryptos, isError } = useAdminCryptos();
  const [editing, setEditing] = useState<AdminCrypto | null>(null);
  const [deleting, setDeleting] = useState<AdminCrypto | null>(null);
  const onEdit = useCallback((c: AdminCrypto) => setEditing(c), []);
  const onDelete = useCallback((c: AdminCrypto) => setDeleting(c), []);

  return (
    <>
      <section aria-labelledby="all-currencies" className="grid scroll-mt-20 gap-3">
        <h2 id="all-currencies" className="text-lg font-semibold">
          All currencies
        </h2>
        <QueryView data={cryptos} isError={isError} errorText="The currencies could not be loaded." loadingLabel="Loading currencies" skeletonClassName="h-64">
          {(list) => <CryptoTable cryptos={list} onEdit={onEdit} onDelete={onDelete} />}
        </QueryView>
      </section>

      <Dialog open={editing !== null} onOpenChange={(open) => !open && setEditing(null)}>
        <DialogContent className="sm:max-w-2xl">
          <DialogHeader>
            <DialogTitle>Edit crypto</DialogTitle>
            <DialogDescription>The currency code cannot change.</DialogDescription>
          </DialogHeader>
          {editing ? <EditCryptoForm crypto={editing} onSaved={() => setEditing(null)} /> : null}
        </DialogContent>
      </Dialog>

      <DeleteCryptoDialog crypto={deleting} onClose={() => setDeleting(null)} />
    </>
  );
}
