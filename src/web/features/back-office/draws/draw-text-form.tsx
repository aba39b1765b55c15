// What may change after a draw is made (decision 035): its title, the prize's text and its picture.
import { useState } from 'react';
import { drawTextBodySchema, type AdminDraw } from '@/contracts/draws';
import { Button } from '@/web/components/ui/button';
import { FormField } from '@/web/components/ui/form-field';
import { Input } from '@/web/components/ui/input';
import { Spinner } from '@/web/components/ui/spinner';
import { useChangeDrawImage, useChangeDrawText } from '@/web/api/draws';
import { errorMessage } from '@/web/lib/api-client';
import { toast } from '@/web/lib/toast';
import { useServerForm } from '@/web/hooks/use-server-form';

function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(typeof reader.result === 'string' ? reader.result : '');
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read.'));
    reader.readAsDataURL(file);
  });
}

export function DrawTextForm({ draw }: { draw: AdminDraw }) {
  const change = useChangeDrawText();
  const changeImage = useChangeDrawImage();
  const [imageError, setImageError] = useState<string | undefined>();
  const {
    register,
    onSubmit,
    formState: { errors, isDirty },
  } = useServerForm({
    schema: drawTextBodySchema,
    values: { title: draw.title, prize: draw.prize },
    fields: ['title', 'prize'],
    submit: (body) => change.mutateAsync({ id: draw.id, body }),
    successToast: 'Prize draw saved',
    errorToast: { fallback: 'Failed to save the prize draw.', unlessShownAtFields: true },
  });
  const upload = async (file: File | undefined) => {
    if (!file) return;
    setImageError(undefined);
    try {
      await changeImage.mutateAsync({ id: draw.id, image: await readAsDataUrl(file) });
      toast.success('Image saved');
    } catch (error) {
      setImageError(errorMessage(error, 'Failed to save the image.'));
    }
  };
  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate className="grid gap-3 sm:grid-cols-2">
      <FormField label="Title" error={errors.title?.message}>
        <Input {...register('title')} />
      </FormField>
      <FormField label="Prize" error={errors.prize?.message}>
        <Input {...register('prize')} />
      </FormField>
      <FormField label="Image (optional)" error={imageError} hint="PNG, JPEG, GIF or WebP, at most 300 KB.">
        <Input type="file" accept="image/png,image/jpeg,image/gif,image/webp" onChange={(e) => void upload(e.target.files?.[0])} disabled={changeImage.isPending} />
      </FormField>
      <Button type="submit" className="self-end justify-self-start" disabled={change.isPending || !isDirty}>
        {change.isPending ? <Spinner /> : null}
        Save title and prize
      </Button>
    </form>
  );
}
