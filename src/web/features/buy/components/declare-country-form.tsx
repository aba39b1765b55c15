// The form of the country gate (country-gate.tsx): a chunk of its own, as its Zod schema and form
// code are most of Buy Token's script and only a buyer without a declared country needs them.
import { myCountryBodySchema } from '@/contracts/eligibility';
import { CountrySelect } from '@/web/components/country-select';
import { FormField } from '@/web/components/ui/form-field';
import { SubmitButton } from '@/web/components/ui/form-error';
import { useDeclareCountry } from '@/web/api/eligibility';
import { useServerForm } from '@/web/hooks/use-server-form';

export default function DeclareCountryForm() {
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
