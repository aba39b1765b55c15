// Prize draws (issue 31, decision 035): create a draw, follow it to its winner, record the delivery.
import { QueryView } from '@/web/components/query-view';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/web/components/ui/card';
import { useAdminDraws } from '@/web/api/draws';
import { CreateDrawForm } from '@/web/features/back-office/draws/create-draw-form';
import { DeliveryForm } from '@/web/features/back-office/draws/delivery-form';
import { DrawTextForm } from '@/web/features/back-office/draws/draw-text-form';
import { AdminPage } from '@/web/features/back-office/shell/admin-page';
import { Can } from '@/web/features/back-office/shell/can';
import { formatDateTime } from '@/web/lib/format';
import { paths } from '@/web/lib/paths';
import { useDocumentTitle } from '@/web/lib/use-document-title';

const STATE_TEXT = { open: 'Open', frozen: 'Closed, waiting for its block', drawn: 'Drawn' } as const;

export function Component() {
  useDocumentTitle('Prize draws');
  const { data, isError } = useAdminDraws();
  return (
    <AdminPage title="Prize draws" description="Draws buyers can check: each commits to a future block when made, and that block picks the winner from the frozen entries.">
      <div className="grid gap-6">
        <Can need="manage">
          <CreateDrawForm />
        </Can>
        <QueryView data={data} isError={isError} errorText="The prize draws could not be loaded." loadingLabel="Loading the prize draws" skeletonClassName="h-48">
          {({ draws }) =>
            draws.length === 0 ? (
              <p className="text-muted-foreground">No prize draw yet.</p>
            ) : (
              <ul className="grid gap-4">
                {draws.map((d) => (
                  <li key={d.id}>
                    <Card>
                      <CardHeader>
                        <CardTitle>
                          {d.title} — {STATE_TEXT[d.state]}
                        </CardTitle>
                        <CardDescription>
                          {d.prize}. Closes {formatDateTime(d.rules.closesAt)}; block {d.commitment.height} of {d.commitment.chain === 'bitcoin' ? 'Bitcoin' : `EVM chain ${String(d.commitment.chainId)}`} (tip{' '}
                          {d.commitment.tipAtCreation} when made).{' '}
                          <a className="text-primary underline-offset-4 hover:underline" href={`${paths.transparency}#draw-${d.id}`}>
                            Public page
                          </a>
                        </CardDescription>
                      </CardHeader>
                      <CardContent className="grid gap-3 text-sm">
                        <Can need="manage">
                          <DrawTextForm draw={d} />
                        </Can>
                        {d.entriesHash ? (
                          <p>
                            {d.entries.length} buyers, {d.totalEntries} entries; entries hash <code className="font-mono text-xs break-all">{d.entriesHash}</code>
                          </p>
                        ) : null}
                        {d.state === 'drawn' ? (
                          <p>
                            {d.winnerEmail ? `Winner: ${d.winnerEmail} (entry ${(d.winner?.position ?? 0) + 1}, ticket ${String(d.winner?.ticket)}).` : 'Nobody took part.'}
                            {d.notifiedAt ? ` Told by e-mail ${formatDateTime(d.notifiedAt)}.` : ''}
                          </p>
                        ) : null}
                        {d.deliveredAt ? (
                          <p>
                            Delivered {formatDateTime(d.deliveredAt)}: {d.deliveryNote}
                          </p>
                        ) : d.winnerUserId !== null ? (
                          <Can need="manage">
                            <DeliveryForm id={d.id} />
                          </Can>
                        ) : null}
                      </CardContent>
                    </Card>
                  </li>
                ))}
              </ul>
            )
          }
        </QueryView>
      </div>
    </AdminPage>
  );
}
