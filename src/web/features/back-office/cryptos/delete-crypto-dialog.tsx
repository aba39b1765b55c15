import type { AdminCrypto } from '@/contracts/cryptos';
import { useDeleteCrypto } from '@/web/api/cryptos';
import { errorMessage } from '@/web/lib/api-client';
import { toast } from '@/web/lib/toast';
import { ConfirmDeleteDialog } from '@/web/features/back-office/shell/confirm-delete-dialog';

/** Asks before deleting `crypto`; open while it is set. */
export function DeleteCryptoDialog({ crypto, onClose }: { crypto: AdminCrypto | null; onClose: () => void }) {
  const remove = useDeleteCrypto();
  const confirm = () =>
    crypto &&
    remove.mutate(crypto.code, {
      onSuccess: (result) => {
        toast.success(result.message);
        onClose();
      },
      onError: (error) => toast.error(errorMessage(error, 'Failed to delete the currency.')),
    });
  return (
    <ConfirmDeleteDialog open={crypto !== null} title="Delete crypto" pending={remove.isPending} onConfirm={confirm} onClose={onClose}>
      Delete {crypto?.code}? A currency that orders refer to is disabled instead, so those orders keep their details.
    </ConfirmDeleteDialog>
  );
}
