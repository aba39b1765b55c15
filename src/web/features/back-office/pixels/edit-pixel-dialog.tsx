import { Can } from '@/web/features/back-office/shell/can';
import { useState, type SyntheticEvent } from 'react';
import type { AdminPixel, PixelBody } from '@/contracts/pixels';
import { Button } from '@/web/components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogFooter, DialogHeader, DialogTitle } from '@/web/components/ui/dialog';
import { Spinner } from '@/web/components/ui/spinner';
import { useUpdatePixel } from '@/web/api/pixels';
import { errorMessage } from '@/web/lib/api-client';
import { toast } from '@/web/lib/toast';
import { PixelFields } from './pixel-fields';
import { validPixel } from './valid-pixel';

/** Edits `pixel`; open while it is set. The stored secondary key is never shown, only replaced. */
export function EditPixelDialog({ pixel, onClose }: { pixel: AdminPixel | null; onClose: () => void }) {
  return (
    <Dialog open={pixel !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent>{pixel ? <EditPixelForm key={pixel.id} pixel={pixel} onSaved={onClose} /> : null}</DialogContent>
    </Dialog>
  );
}

function EditPixelForm({ pixel, onSaved }: { pixel: AdminPixel; onSaved: () => void }) {
  const update = useUpdatePixel();
  const [values, setValues] = useState<PixelBody>({ apiKey: pixel.apiKey, secondaryKey: '', location: pixel.location });

  const save = (e: SyntheticEvent) => {
    e.preventDefault();
    // An empty secondary key while editing means "keep the stored one".
    const { secondaryKey, ...rest } = values;
    const body: PixelBody = secondaryKey ? { ...rest, secondaryKey } : rest;
    if (!validPixel(body)) return;
    update.mutate(
      { id: pixel.id, body },
      {
        onSuccess: () => {
          toast.success('API key updated');
          onSaved();
        },
        onError: (error) => toast.error(errorMessage(error, 'Failed to update the API key.')),
      },
    );
  };

  return (
    <form onSubmit={save} noValidate className="grid gap-4">
      <DialogHeader>
        <DialogTitle>Edit API Key</DialogTitle>
      </DialogHeader>
      <PixelFields values={values} onChange={setValues} editing />
      <DialogFooter>
        <DialogClose asChild>
          <Button type="button" variant="outline">
            Close
          </Button>
        </DialogClose>
        <Can need="manage">
          <Button type="submit" disabled={update.isPending}>
            {update.isPending ? <Spinner /> : null}
            Save Changes
          </Button>
        </Can>
      </DialogFooter>
    </form>
  );
}
