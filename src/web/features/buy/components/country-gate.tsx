// Buy Token and the buyer's country (issue 34): a buyer whose account has no declared country of
// residence declares it before ordering; a buyer who cannot order because of their country (declared,
// or where their connection appears to come from) is told why. Nothing shows otherwise.
import { lazy, Suspense } from 'react';
import { Alert, AlertDescription, AlertTitle } from '@/web/components/ui/alert';
import { useMyCountry } from '@/web/api/eligibility';

// Most buyers declared their country at registration: the form's code loads only for those who did not.
const DeclareCountryForm = lazy(() => import('./declare-country-form'));

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
  return mine.data.country === null ? (
    <Suspense fallback={null}>
      <DeclareCountryForm />
    </Suspense>
  ) : null;
}
