import { LegalPage } from '@/web/features/landing/components/legal-page';

export function Component() {
  return <LegalPage title="Terms" pick="termsMarkdown" />;
}
