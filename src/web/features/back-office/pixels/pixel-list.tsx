import { useState } from 'react';
import { Can } from '@/web/features/back-office/shell/can';
import type { AdminPixel } from '@/contracts/pixels';
import { Button } from '@/web/components/ui/button';
import { Skeleton } from '@/web/components/ui/skeleton';
import { Table, TableBody, TableCaption, TableCell, TableHead, TableHeader, TableRow } from '@/web/components/ui/table';
import { useAdminPixels } from '@/web/api/pixels';
import { DeletePixelDialog } from './delete-pixel-dialog';
import { EditPixelDialog } from './edit-pixel-dialog';

/** The stored pixels with their update and delete actions. */
export function PixelList() {
  const { data: pixels, isError } = useAdminPixels();
  const [editing, setEditing] = useState<AdminPixel | null>(null);
  const [deleting, setDeleting] = useState<AdminPixel | null>(null);

  return (
    <>
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
                      <Can need="manage">
                        <Button size="sm" variant="outline" onClick={() => setEditing(p)}>
                          Update
                        </Button>
                        <Button size="sm" variant="destructive" onClick={() => setDeleting(p)}>
                          Delete
                        </Button>
                      </Can>
                    </TableCell>
                  </TableRow>
                ))
              )}
            </TableBody>
          </Table>
          <p className="text-muted-foreground text-sm">Total Keys: {pixels.length}</p>
        </div>
      )}
      <EditPixelDialog pixel={editing} onClose={() => setEditing(null)} />
      <DeletePixelDialog pixel={deleting} onClose={() => setDeleting(null)} />
    </>
  );
}
