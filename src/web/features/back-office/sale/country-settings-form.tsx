// Who may buy, by country (issue 34, decision 039), on the Sale page: the restricted countries (a
// default list, marked until an operator reviews and saves it) and the optional MaxMind database.
import { eligibilitySettingsBodySchema, type EligibilitySettings } from '@/contracts/eligibility';
import { countryLabel, isCountryCode } from '@/domain/countries';
import { Alert, AlertDescription, AlertTitle } from '@/web/components/ui/alert';
import { Badge } from '@/web/components/ui/badge';
import { Button } from '@/web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/web/components/ui/card';
import { FormField } from '@/web/components/ui/form-field';
import { Input } from '@/web/components/ui/input';
import { Spinner } from '@/web/components/ui/spinner';
import { useSaveEligibilitySettings } from '@/web/api/eligibility';
import { Can } from '@/web/features/back-office/shell/can';
import { useServerForm } from '@/web/hooks/use-server-form';
import { formatDateTime } from '@/web/lib/format';

const FIELDS = ['restrictedCountries', 'geoipPath'] as const;

const formValues = (s: EligibilitySettings) => ({ restrictedCountries: s.restrictedCountries.join(', '), geoipPath: s.geoipPath });

/** The names of the codes typed so far (unknown ones are the save's to refuse). */
function namesOf(text: string): string {
  const codes = [...new Set(text.toUpperCase().split(/[\s,;]+/).filter(isCountryCode))].sort();
  return codes.length === 0 ? 'No country is restricted: anyone may buy.' : codes.map(countryLabel).join(', ');
}

function GeoipStatus({ settings }: { settings: EligibilitySettings }) {
  const { geoip } = settings;
  if (geoip.state === 'none') return <p className="text-muted-foreground text-sm">No MaxMind database: the declared country of residence alone decides who may order.</p>;
  if (geoip.state === 'error')
    return (
      <Alert variant="destructive">
        <AlertTitle>The MaxMind database cannot be read</AlertTitle>
        <AlertDescription>{geoip.message} Until it can, the declared country of residence alone decides.</AlertDescription>
      </Alert>
    );
  return (
    <p className="text-muted-foreground text-sm">
      In use: {geoip.databaseType}
      {geoip.builtAt ? `, built ${formatDateTime(geoip.builtAt)}` : ''}. Orders from addresses it places in a restricted country are refused.
    </p>
  );
}

export function CountrySettingsForm({ settings }: { settings: EligibilitySettings }) {
  const save = useSaveEligibilitySettings();
  const {
    register,
    onSubmit,
    watch,
    formState: { errors, isDirty },
  } = useServerForm({
    schema: eligibilitySettingsBodySchema,
    defaultValues: formValues(settings),
    fields: FIELDS,
    // The schema sorted the codes and dropped repeats; the server takes them as text, as typed.
    submit: (body) => save.mutateAsync({ ...body, restrictedCountries: body.restrictedCountries.join(', ') }),
    successToast: 'Country settings saved',
    errorToast: { fallback: 'Failed to save the country settings.', unlessShownAtFields: true },
    onSuccess: (saved, { form }) => form.reset(formValues(saved)),
  });
  const reviewed = settings.reviewedAt !== null;

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate>
      <Card>
        <CardHeader>
          <CardTitle className="flex flex-wrap items-center gap-2">
            Restricted countries
            {reviewed ? null : <Badge variant="warning">Not yet reviewed</Badge>}
          </CardTitle>
          <CardDescription>
            Buyers who declare one of these countries as their residence, or whose connection a MaxMind database places in one, cannot order; they are told why. Orders credited from deposits are recorded but not refused (the buyer already paid).
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          {reviewed ? (
            <p className="text-muted-foreground text-sm">
              Last saved by {settings.reviewedBy} on {formatDateTime(settings.reviewedAt ?? '')}.
            </p>
          ) : (
            <p className="text-sm">
              This is the default list (the United States and countries under comprehensive sanctions), a starting point only: which countries your sale must exclude is a question for your own legal advice. Review it and save it once.
            </p>
          )}
          <FormField label="Restricted country codes" error={errors.restrictedCountries?.message} hint={namesOf(watch('restrictedCountries'))}>
            <Input autoComplete="off" spellCheck={false} {...register('restrictedCountries')} />
          </FormField>
          <FormField label="MaxMind database file (optional)" error={errors.geoipPath?.message} hint="The full path on the server of a GeoLite2 or GeoIP2 Country or City database (.mmdb) you download from MaxMind. Replacing the file is noticed within a minute.">
            <Input autoComplete="off" spellCheck={false} placeholder="/var/lib/presale/GeoLite2-Country.mmdb" {...register('geoipPath')} />
          </FormField>
          <GeoipStatus settings={settings} />
          <Can need="manage">
            <Button type="submit" className="justify-self-start" disabled={save.isPending || (reviewed && !isDirty)}>
              {save.isPending ? <Spinner /> : null}
              {reviewed ? 'Save country settings' : 'Save as reviewed'}
            </Button>
          </Can>
        </CardContent>
      </Card>
    </form>
  );
}
