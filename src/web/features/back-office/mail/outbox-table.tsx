// The outbox (issue 14): every e-mail Presale made, its state and the SMTP server's last answer. A
// row opens the message: its text, its links (followable when no SMTP server sends them), its HTML,
// and a resend.
import { Can } from '@/web/features/back-office/shell/can';
import { ExternalLink } from 'lucide-react';
import { HIDDEN_LINK_SECRET, type MailState, type OutboxMail } from '@/contracts/mail';
import { useOutboxMail, outboxHtmlUrl, useResendMail } from '@/web/api/mail';
import { Badge } from '@/web/components/ui/badge';
import { Button } from '@/web/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/web/components/ui/dialog';
import { Spinner } from '@/web/components/ui/spinner';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/web/components/ui/table';
import { errorMessage } from '@/web/lib/api-client';
import { formatDateTime } from '@/web/lib/format';
import { toast } from '@/web/lib/toast';

const STATE: Record<MailState, { label: string; variant: 'success' | 'secondary' | 'warning' | 'destructive' | 'outline' }> = {
  queued: { label: 'Queued', variant: 'secondary' },
  sending: { label: 'Sending', variant: 'secondary' },
  sent: { label: 'Sent', variant: 'success' },
  failed: { label: 'Failed', variant: 'destructive' },
  kept: { label: 'Not sent', variant: 'outline' },
};

function StatePill({ mail }: { mail: OutboxMail }) {
  const s = STATE[mail.state];
  return <Badge variant={mail.state === 'queued' && mail.lastError ? 'warning' : s.variant}>{mail.state === 'queued' && mail.lastError ? `Retrying (attempt ${mail.attempts + 1})` : s.label}</Badge>;
}

export function OutboxTable({ mails, onOpen }: { mails: OutboxMail[]; onOpen: (id: number) => void }) {
  // Two columns, so a phone shows the whole row: the message (subject, recipient, time) and its state.
  return (
    <Table aria-label="Outbox">
      <TableHeader>
        <TableRow>
          <TableHead>Message</TableHead>
          <TableHead>State</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {mails.map((m) => (
          <TableRow key={m.id}>
            <TableCell className="whitespace-normal">
              <div className="grid gap-0.5">
                <button type="button" className="text-primary text-left font-medium underline-offset-4 hover:underline" onClick={() => onOpen(m.id)}>
                  {m.subject}
                </button>
                <span className="text-muted-foreground text-xs break-words">
                  To {m.to} · {formatDateTime(m.createdAt)}
                </span>
              </div>
            </TableCell>
            <TableCell className="whitespace-normal">
              <div className="grid justify-items-start gap-1">
                <StatePill mail={m} />
                {m.lastError ? <span className="text-muted-foreground max-w-64 text-xs break-words">{m.lastError}</span> : null}
              </div>
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

export function OutboxMessageDialog({ id, onClose }: { id: number | null; onClose: () => void }) {
  const { data: mail, isError } = useOutboxMail(id);
  const resend = useResendMail();
  return (
    <Dialog open={id !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>{mail?.subject ?? 'Message'}</DialogTitle>
          <DialogDescription>{mail ? `To ${mail.to}, ${formatDateTime(mail.createdAt)}` : isError ? 'The message could not be loaded.' : 'Loading…'}</DialogDescription>
        </DialogHeader>
        {mail ? (
          <div className="grid gap-4 text-sm">
            <div className="flex flex-wrap items-center gap-2">
              <StatePill mail={mail} />
              {mail.sentAt ? <span className="text-muted-foreground">sent {formatDateTime(mail.sentAt)}</span> : null}
              {mail.lastError ? <span className="text-destructive break-words">{mail.lastError}</span> : null}
            </div>
            {mail.links.length > 0 ? (
              <section aria-label="Links" className="grid gap-1">
                <h3 className="font-semibold">Links</h3>
                <ul className="grid gap-1">
                  {mail.links.map((link) => (
                    <li key={link} className="break-all">
                      <a href={link} target="_blank" rel="noopener noreferrer" className="text-primary underline-offset-4 hover:underline">
                        {link}
                      </a>
                    </li>
                  ))}
                </ul>
                {mail.links.some((link) => link.includes(HIDDEN_LINK_SECRET)) ? <p className="text-muted-foreground">Single-use links (a password reset, an address to verify) are shown to Owners only: they open the buyer’s account.</p> : null}
              </section>
            ) : null}
            <section aria-label="Text" className="grid gap-1">
              <h3 className="font-semibold">Text</h3>
              <pre className="bg-muted max-h-72 overflow-auto rounded-md p-3 text-xs whitespace-pre-wrap">{mail.text}</pre>
            </section>
            <div className="flex flex-wrap gap-2">
              <Button variant="outline" asChild>
                <a href={outboxHtmlUrl(mail.id)} target="_blank" rel="noopener noreferrer">
                  Open the HTML
                  <ExternalLink aria-hidden />
                </a>
              </Button>
<Can need="manage">
                              <Button
                  disabled={resend.isPending || mail.state === 'sending'}
                  onClick={() =>
                    resend.mutate(mail.id, {
                      onSuccess: () => toast.success('Queued to be sent again'),
                      onError: (error) => toast.error(errorMessage(error, 'The message could not be queued again.')),
                    })
                  }
                >
                  {resend.isPending ? <Spinner /> : null}
                  Resend
                </Button>
              </Can>
            </div>
          </div>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
