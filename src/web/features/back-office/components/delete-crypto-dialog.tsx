import type { AdminCrypto } from '@/contracts/admin';
import { Button } from '@/web/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/web/components/ui/dialog';
import { Spinner } from '@/web/components/ui/spinner';
import { useDeleteCrypto } from '@/web/api/admin/cryptos';
import { errorMessage } from '@/web/lib/api-client';
import { toast } from '@/web/lib/toast';

/** Asks before deleting `crypto`; open while it is set. */
export function DeleteCryptoDialog({ crypto, onClose }: { crypto: AdminCrypto | null; onClose: () => void }) {
  const remove = useDeleteCrypto();
  return (
    <Dialog open={crypto !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Delete crypto</DialogTitle>
          <DialogDescription>
            Delete {crypto?.code}? A currency that orders refer to is disabled instead, so those orders keep their details.
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button
            variant="destructive"
            disabled={remove.isPending}
            onClick={() =>
              crypto &&
              remove.mutate(crypto.code, {
                onSuccess: (result) => {
                  toast.success(result.message);
                  onClose();
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
  );
}
