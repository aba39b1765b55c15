// A buyer's declared country of residence on their back-office page, and its correction: buyers
// declare it once (a restricted buyer would otherwise re-declare), so a mistake is put right here by a
// Manager or Owner, with the password asked again; the change is audited.
import { useState } from 'react';
import { adminUserCountryBodySchema } from '@/contracts/users';
import { countryLabel } from '@/domain/countries';
import { useChangeUserCountry } from '@/web/api/users';
import { CountrySelect } from '@/web/components/country-select';
import { Button } from '@/web/components/ui/button';
import { FormField } from '@/web/components/ui/form-field';
import { Spinner } from '@/web/components/ui/spinner';
import { Can } from '@/web/features/back-office/shell/can';
import { useServerForm } from '@/web/hooks/use-server-form';

function CountryForm({ id, country, onDone }: { id: number; country: string | null; onDone: () => void }) {
  const change = useChangeUserCountry(id);
  const {
    register,
    onSubmit,
    formState: { errors },
  } = useServerForm({
    schema: adminUserCountryBodySchema,
    defaultValues: { country: country ?? '' },
    fields: ['country'] as const,
    submit: (body) => change.mutateAsync(body),
    successToast: (detail) => `Country of residence set to ${countryLabel(detail.user.country ?? '')}: the buyer's next orders are checked against it`,
    errorToast: { fallback: 'The country could not be changed.', unlessShownAtFields: true },
    onSuccess: onDone,
  });
  return (
    <form onSubmit={onSubmit} noValidate aria-label="Change the country of residence" className="flex flex-wrap items-end gap-2">
      <FormField label="Country of residence" error={errors.country?.message} className="w-full max-w-xs">
        <CountrySelect {...register('country')} />
      </FormField>
      <Button type="submit" size="sm" disabled={change.isPending}>
        {change.isPending ? <Spinner /> : null}
        Save country
      </Button>
      <Button type="button" size="sm" variant="ghost" onClick={onDone}>
        Cancel
      </Button>
    </form>
  );
}

export function UserCountry({ id, country }: { id: number; country: string | null }) {
  const [editing, setEditing] = useState(false);
  if (editing) return <CountryForm id={id} country={country} onDone={() => setEditing(false)} />;
  return (
    <div className="flex flex-wrap items-center gap-2 text-sm">
      <span>
        <span className="text-muted-foreground">Country of residence: </span>
        {country ? countryLabel(country) : 'not declared yet'}
      </span>
      <Can need="manage">
        <Button size="sm" variant="outline" onClick={() => setEditing(true)}>
          Change country
        </Button>
      </Can>
    </div>
  );
}
