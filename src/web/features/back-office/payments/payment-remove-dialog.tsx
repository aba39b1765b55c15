import type { ReactNode } from 'react';
import { ConfirmDeleteDialog } from '@/web/features/back-office/shell/confirm-delete-dialog';

/** Asks before a payment setting is removed; open while `open` is true. */
export function PaymentRemoveDialog({
  description,
  ...props
}: {
  open: boolean;
  title: string;
  description: ReactNode;
  pending: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  return (
    <ConfirmDeleteDialog {...props} confirmLabel="Remove">
      {description}
    </ConfirmDeleteDialog>
  );
}
