import type { AdminPixel } from '@/contracts/pixels';
import { Button } from '@/web/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/web/components/ui/dialog';
import { Spinner } from '@/web/components/ui/spinner';
import { useDeletePixel } from '@/web/api/admin/pixels';
import { errorMessage } from '@/web/lib/api-client';
import { toast } from '@/web/lib/toast';

/** Asks before deleting `pixel`; open while it is set. A cancel changes nothing. */
export function DeletePixelDialog({ pixel, onClose }: { pixel: AdminPixel | null; onClose: () => void }) {
  const remove = useDeletePixel();
  return (
    <Dialog open={pixel !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Delete the API key</DialogTitle>
          <DialogDescription>
            Delete the API key {pixel?.apiKey} for {pixel?.location}? Its pixel stops loading on those pages. This cannot be undone.
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
              pixel &&
              remove.mutate(pixel.id, {
                onSuccess: () => {
                  toast.success('API key deleted');
                  onClose();
                },
                onError: (error) => toast.error(errorMessage(error, 'Failed to delete the API key.')),
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
