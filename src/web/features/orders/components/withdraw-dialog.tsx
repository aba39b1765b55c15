// Withdraw while claims are closed: says when tokens will be delivered, in the operator's words.
import { ArrowUpFromLine } from 'lucide-react';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from '@/web/components/ui/dialog';
import { Button } from '@/web/components/ui/button';

export function WithdrawDialog({ deliveryNote, symbol }: { deliveryNote: string; symbol: string }) {
  const note = deliveryNote.trim();
  return (
    <Dialog>
      <DialogTrigger asChild>
        <Button type="button">
          <ArrowUpFromLine aria-hidden />
          Withdraw
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader className="pr-6">
          <DialogTitle>Withdraw</DialogTitle>
          <DialogDescription>Claims are closed. {symbol} tokens cannot be withdrawn yet.</DialogDescription>
        </DialogHeader>
        <p className="text-sm whitespace-pre-line">{note || 'The delivery date has not been announced yet. It will be shown here as soon as it is set.'}</p>
        <DialogFooter>
          <DialogClose asChild>
            <Button type="button" variant="outline">
              Close
            </Button>
          </DialogClose>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
