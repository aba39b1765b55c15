// The parts the Bitcoin-family and TRON watcher forms share: the settlement rules every chain's
// payments follow (decision 016), and the form's save and remove buttons.
import type { UseFormRegisterReturn } from 'react-hook-form';
import { Button } from '@/web/components/ui/button';
import { FormField } from '@/web/components/ui/form-field';
import { Input } from '@/web/components/ui/input';
import { Spinner } from '@/web/components/ui/spinner';

export function SettlementRuleFields({ tolerance, autoApprove, errors }: { tolerance: UseFormRegisterReturn; autoApprove: UseFormRegisterReturn; errors: { tolerance?: string | undefined; autoApprove?: string | undefined } }) {
  return (
    <>
      <FormField label="Tolerance (%)" error={errors.tolerance} hint="A payment within this much of the amount due, either way, counts as paid in full.">
        <Input inputMode="decimal" {...tolerance} />
      </FormField>
      <FormField label="Auto-approve up to (USD)" error={errors.autoApprove} hint="Paid orders worth more than this wait for your approval.">
        <Input inputMode="decimal" {...autoApprove} />
      </FormField>
    </>
  );
}

/** Save, and Remove once there is a watcher (the caller confirms the removal). */
export function WatcherFormActions({ saving, saved, onRemove }: { saving: boolean; saved: boolean; onRemove: () => void }) {
  return (
    <div className="flex flex-wrap gap-2 sm:col-span-2">
      <Button type="submit" disabled={saving}>
        {saving ? <Spinner /> : null}
        Save watcher
      </Button>
      {saved ? (
        <Button type="button" variant="destructive" onClick={onRemove}>
          Remove watcher
        </Button>
      ) : null}
    </div>
  );
}
