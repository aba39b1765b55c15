// The sale's logo (issue 14): shown at the top of every e-mail. The server reads the image's type
// from its bytes; its messages appear next to the file field.
import { useState } from 'react';
import { Can } from '@/web/features/back-office/shell/can';
import { LOGO_MAX_BYTES } from '@/contracts/content';
import { Button } from '@/web/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/web/components/ui/card';
import { FormField } from '@/web/components/ui/form-field';
import { Input } from '@/web/components/ui/input';
import { Spinner } from '@/web/components/ui/spinner';
import { useLogo, useSetLogo } from '@/web/api/content';
import { ApiError, errorMessage } from '@/web/lib/api-client';
import { toast } from '@/web/lib/toast';

const readAsDataUrl = (file: File) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(typeof reader.result === 'string' ? reader.result : '');
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read.'));
    reader.readAsDataURL(file);
  });

export function LogoCard() {
  const { data, isError } = useLogo();
  const setLogo = useSetLogo();
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | undefined>();
  const logo = data?.logo ?? null;

  const fail = (e: unknown, fallback: string) => setError(e instanceof ApiError && e.fields.image ? e.fields.image : errorMessage(e, fallback));

  const upload = async () => {
    if (!file) return setError('Choose an image first.');
    setError(undefined);
    try {
      await setLogo.mutateAsync(await readAsDataUrl(file));
      toast.success('Logo saved');
      setFile(null);
    } catch (e) {
      fail(e, 'The logo could not be saved.');
    }
  };

  return (
    <Card className="min-w-0">
      <CardHeader>
        <CardTitle>Logo</CardTitle>
        <CardDescription>Shown at the top of every e-mail. PNG, JPEG, GIF or WebP, up to {LOGO_MAX_BYTES / 1024} KB.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4 sm:grid-cols-[auto_1fr] sm:items-start">
        <div className="bg-muted flex h-20 w-40 items-center justify-center rounded-md border p-2">
          {logo ? (
            <img src={logo.url} alt="Current logo" className="max-h-full max-w-full object-contain" />
          ) : isError ? (
            <span role="alert" className="text-destructive text-sm">
              The logo could not be loaded.
            </span>
          ) : (
            <span className="text-muted-foreground text-sm">{data ? 'No logo' : 'Loading…'}</span>
          )}
        </div>
        <FormField label="Logo image" error={error}>
          <Input
            type="file"
            accept="image/png,image/jpeg,image/gif,image/webp"
            onChange={(event) => {
              setError(undefined);
              setFile(event.target.files?.[0] ?? null);
            }}
          />
        </FormField>
      </CardContent>
      <Can need="manage">
        <CardFooter className="flex flex-wrap gap-2">
          <Button type="button" disabled={setLogo.isPending || !file} onClick={() => void upload()}>
            {setLogo.isPending ? <Spinner /> : null}
            Upload logo
          </Button>
          {logo ? (
            <Button
              type="button"
              variant="outline"
              disabled={setLogo.isPending}
              onClick={() =>
                setLogo.mutate(null, {
                  onSuccess: () => toast.success('Logo removed'),
                  onError: (e) => fail(e, 'The logo could not be removed.'),
                })
              }
            >
              Remove logo
            </Button>
          ) : null}
        </CardFooter>
      </Can>
    </Card>
  );
}
