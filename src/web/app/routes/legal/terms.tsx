import { CurrentTermsPage } from '@/web/features/landing/components/terms-page';

export function Component() {
  return <CurrentTermsPage />;
}
