import { Can } from '@/web/features/back-office/shell/can';
import { useState, type SyntheticEvent } from 'react';
import type { PixelBody } from '@/contracts/pixels';
import { Button } from '@/web/components/ui/button';
import { Spinner } from '@/web/components/ui/spinner';
import { useCreatePixel } from '@/web/api/pixels';
import { errorMessage } from '@/web/lib/api-client';
import { toast } from '@/web/lib/toast';
import { PixelFields } from './pixel-fields';
import { validPixel } from './valid-pixel';

const EMPTY: PixelBody = { apiKey: '', secondaryKey: '', location: '' };

export function AddPixelForm() {
  const create = useCreatePixel();
  const [draft, setDraft] = useState<PixelBody>(EMPTY);

  const add = (e: SyntheticEvent) => {
    e.preventDefault();
    if (!validPixel(draft)) return;
    create.mutate(draft, {
      onSuccess: () => {
        toast.success('API key saved');
        setDraft(EMPTY);
      },
      onError: (error) => toast.error(errorMessage(error, 'Failed to save the API key.')),
    });
  };

  return (
    <form onSubmit={add} noValidate className="grid gap-4">
      <PixelFields values={draft} onChange={setDraft} editing={false} />
      <Can need="manage">
        <Button type="submit" disabled={create.isPending} className="justify-self-start">
          {create.isPending ? <Spinner /> : null}
          Save API Key
        </Button>
      </Can>
    </form>
  );
}
