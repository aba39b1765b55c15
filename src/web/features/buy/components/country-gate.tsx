// Buy Token and the buyer's country (issue 34): a buyer whose account has no declared country of
// residence declares it before ordering; a buyer who cannot order because of their country (declared,
// or where their connection appears to come from) is told why. Nothing shows otherwise.
import { myCountryBodySchema } from '@/contracts/eligibility';
import { Alert, AlertDescription, AlertTitle } from '@/web/components/ui/alert';
import { CountrySelect } from '@/web/components/country-select';
import { FormField } from '@/web/components/ui/form-field';
import { SubmitButton } from '@/web/components/ui/form-error';
import { useDeclareCountry, useMyCountry } from '@/web/api/eligibility';
import { useServerForm } from '@/web/hooks/use-server-form';

export function CountryGate() {
  const mine = useMyCountry();
  if (!mine.data) return null;
  if (mine.data.refusal)
    return (
      <Alert variant="destructive">
        <AlertTitle>Orders are not available to you</AlertTitle>
        <AlertDescription>{mine.data.refusal}</AlertDescription>
      </Alert>
    );
  return mine.data.country === null ? <DeclareCountry /> : null;
}

function DeclareCountry() {
  const declare = useDeclareCountry();
  const {
    register,
    onSubmit,
    formState: { errors },
  } = useServerForm({
    schema: myCountryBodySchema,
    defaultValues: { country: '' },
    fields: ['country'] as const,
    submit: (body) => declare.mutateAsync(body),
    errorToast: { fallback: 'Your country could not be saved.', unlessShownAtFields: true },
  });
  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby="country-gate-title" className="border-primary/40 bg-primary/5 grid gap-3 rounded-lg border p-4">
      <h2 id="country-gate-title" className="font-semibold">
        Declare your country of residence to order
      </h2>
      <p className="text-muted-foreground text-sm">The sale is not offered in some countries, so every buyer declares where they live before ordering. It is recorded with your orders and cannot be changed here afterwards.</p>
      <FormField label="Country of residence" error={errors.country?.message} className="max-w-sm">
        <CountrySelect {...register('country')} />
      </FormField>
      <div className="max-w-sm">
        <SubmitButton pending={declare.isPending}>Save my country</SubmitButton>
      </div>
    </form>
  );
}
