import { useState, type SyntheticEvent } from 'react';
import { toast } from '@/web/lib/toast';
import { pixelBodySchema, type AdminPixel, type PixelBody } from '@/contracts/pixels';
import { Button } from '@/web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/web/components/ui/card';
import { Dialog, DialogClose, DialogContent, DialogFooter, DialogHeader, DialogTitle } from '@/web/components/ui/dialog';
import { FormField } from '@/web/components/ui/form-field';
import { Input } from '@/web/components/ui/input';
import { Skeleton } from '@/web/components/ui/skeleton';
import { Spinner } from '@/web/components/ui/spinner';
import { Table, TableBody, TableCaption, TableCell, TableHead, TableHeader, TableRow } from '@/web/components/ui/table';
import { useAdminPixels, useCreatePixel, useDeletePixel, useUpdatePixel } from '@/web/api/admin/pixels';
import { AdminPage } from '@/web/features/back-office/components/admin-layout';
import { errorMessage } from '@/web/lib/api-client';
import { useDocumentTitle } from '@/web/lib/use-document-title';

/** Validates with the server's schema; problems are shown as toasts, as the form's contract says. */
function validPixel(body: PixelBody): boolean {
  const parsed = pixelBodySchema.safeParse(body);
  if (parsed.success) return true;
  toast.error(parsed.error.issues[0]?.message ?? 'Check the fields.');
  return false;
}

function PixelFields({ values, onChange, editing }: { values: PixelBody; onChange: (v: PixelBody) => void; editing: boolean }) {
  return (
    <>
      <FormField label="API Key">
        <Input value={values.apiKey} onChange={(e) => onChange({ ...values, apiKey: e.target.value })} autoComplete="off" spellCheck={false} />
      </FormField>
      <FormField label="Secondary API Key" hint={editing ? 'Leave empty to keep the stored key.' : 'Optional; kept on the server only.'}>
        <Input value={values.secondaryKey ?? ''} onChange={(e) => onChange({ ...values, secondaryKey: e.target.value })} autoComplete="off" spellCheck={false} type="password" />
      </FormField>
      <FormField label="Location">
        <Input value={values.location} onChange={(e) => onChange({ ...values, location: e.target.value })} placeholder="/dashboard" />
      </FormField>
    </>
  );
}

const EMPTY: PixelBody = { apiKey: '', secondaryKey: '', location: '' };

export function Component() {
  useDocumentTitle('Pixels');
  const { data: pixels, isError } = useAdminPixels();
  const create = useCreatePixel();
  const update = useUpdatePixel();
  const remove = useDeletePixel();
  const [draft, setDraft] = useState<PixelBody>(EMPTY);
  const [editing, setEditing] = useState<{ pixel: AdminPixel; values: PixelBody } | null>(null);

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

  const save = (e: SyntheticEvent) => {
    e.preventDefault();
    if (!editing) return;
    // An empty secondary key while editing means "keep the stored one".
    const { secondaryKey, ...rest } = editing.values;
    const body: PixelBody = secondaryKey ? { ...rest, secondaryKey } : rest;
    if (!validPixel(body)) return;
    update.mutate(
      { id: editing.pixel.id, body },
      {
        onSuccess: () => {
          toast.success('API key updated');
          setEditing(null);
        },
        onError: (error) => toast.error(errorMessage(error, 'Failed to update the API key.')),
      },
    );
  };

  return (
    <AdminPage title="Manage API Keys" description="Tracking pixels load only on pages under their location, and only for visitors who accept analytics cookies.">
      <Card className="max-w-2xl">
        <CardHeader>
          <CardTitle>Add an API key</CardTitle>
          <CardDescription>The API Key is the pixel id (for example a Meta Pixel id).</CardDescription>
        </CardHeader>
        <CardContent>
          <form onSubmit={add} noValidate className="grid gap-4">
            <PixelFields values={draft} onChange={setDraft} editing={false} />
            <Button type="submit" disabled={create.isPending} className="justify-self-start">
              {create.isPending ? <Spinner /> : null}
              Save API Key
            </Button>
          </form>
        </CardContent>
      </Card>

      {isError ? (
        <p role="alert" className="text-destructive">
          The API keys could not be loaded.
        </p>
      ) : !pixels ? (
        <Skeleton className="h-40" />
      ) : (
        <div className="grid gap-2">
          <Table>
            <TableCaption>A list of your API keys and locations.</TableCaption>
            <TableHeader>
              <TableRow>
                <TableHead>API Key</TableHead>
                <TableHead>Secondary API Key</TableHead>
                <TableHead>Location</TableHead>
                <TableHead>Actions</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {pixels.length === 0 ? (
                <TableRow>
                  <TableCell colSpan={4} className="text-muted-foreground text-center">
                    No API keys yet.
                  </TableCell>
                </TableRow>
              ) : (
                pixels.map((p) => (
                  <TableRow key={p.id}>
                    <TableCell className="font-mono text-xs">{p.apiKey}</TableCell>
                    <TableCell className="font-mono text-xs">{p.secondaryKeyHint ?? <span className="text-muted-foreground font-sans">No secondary key</span>}</TableCell>
                    <TableCell>{p.location}</TableCell>
                    <TableCell className="flex gap-2">
                      <Button size="sm" variant="outline" onClick={() => setEditing({ pixel: p, values: { apiKey: p.apiKey, secondaryKey: '', location: p.location } })}>
                        Update
                      </Button>
                      <Button
                        size="sm"
                        variant="destructive"
                        disabled={remove.isPending}
                        onClick={() =>
                          remove.mutate(p.id, {
                            onSuccess: () => toast.success('API key deleted'),
                            onError: (error) => toast.error(errorMessage(error, 'Failed to delete the API key.')),
                          })
                        }
                      >
                        Delete
                      </Button>
                    </TableCell>
                  </TableRow>
                ))
              )}
            </TableBody>
          </Table>
          <p className="text-muted-foreground text-sm">Total Keys: {pixels.length}</p>
        </div>
      )}

      <Dialog open={editing !== null} onOpenChange={(open) => !open && setEditing(null)}>
        <DialogContent>
          <form onSubmit={save} noValidate className="grid gap-4">
            <DialogHeader>
              <DialogTitle>Edit API Key</DialogTitle>
            </DialogHeader>
            {editing ? <PixelFields values={editing.values} onChange={(values) => setEditing({ ...editing, values })} editing /> : null}
            <DialogFooter>
              <DialogClose asChild>
                <Button type="button" variant="outline">
                  Close
                </Button>
              </DialogClose>
              <Button type="submit" disabled={update.isPending}>
                {update.isPending ? <Spinner /> : null}
                Save Changes
              </Button>
            </DialogFooter>
          </form>
        </DialogContent>
      </Dialog>
    </AdminPage>
  );
}
