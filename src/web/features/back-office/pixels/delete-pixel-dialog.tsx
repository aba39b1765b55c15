import type { AdminPixel } from '@/contracts/pixels';
import { useDeletePixel } from '@/web/api/pixels';
import { errorMessage } from '@/web/lib/api-client';
import { toast } from '@/web/lib/toast';
import { ConfirmDeleteDialog } from '@/web/features/back-office/shell/confirm-delete-dialog';

/** Asks before deleting `pixel`; open while it is set. A cancel changes nothing. */
export function DeletePixelDialog({ pixel, onClose }: { pixel: AdminPixel | null; onClose: () => void }) {
  const remove = useDeletePixel();
  const confirm = () =>
    pixel &&
    remove.mutate(pixel.id, {
      onSuccess: () => {
        toast.success('API key deleted');
        onClose();
      },
      onError: (error) => toast.error(errorMessage(error, 'Failed to delete the API key.')),
    });
  return (
    <ConfirmDeleteDialog open={pixel !== null} title="Delete the API key" pending={remove.isPending} onConfirm={confirm} onClose={onClose}>
      Delete the API key {pixel?.apiKey} for {pixel?.location}? Its pixel stops loading on those pages. This cannot be undone.
    </ConfirmDeleteDialog>
  );
}
