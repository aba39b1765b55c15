// The fields of a tracking pixel, shared by the add form and the edit dialog.
import type { PixelBody } from '@/contracts/pixels';
import { FormField } from '@/web/components/ui/form-field';
import { Input } from '@/web/components/ui/input';

export function PixelFields({ values, onChange, editing }: { values: PixelBody; onChange: (v: PixelBody) => void; editing: boolean }) {
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
