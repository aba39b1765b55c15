import { useParams } from 'react-router';
import { TermsVersionPage } from '@/web/features/landing/components/terms-page';

export function Component() {
  const version = Number(useParams().version);
  return <TermsVersionPage version={Number.isInteger(version) && version > 0 ? version : 0} />;
}
