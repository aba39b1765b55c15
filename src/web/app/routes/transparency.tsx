// /transparency (PRODUCT.md §2): the public proof of the sale's figures, in the public pages' frame.
import { PublicLayout } from '@/web/features/landing/components/public-layout';
import { TransparencyContent } from '@/web/features/transparency/components/transparency-content';
import { useDocumentTitle } from '@/web/lib/use-document-title';

export function Component() {
  useDocumentTitle('Transparency');
  return (
    <PublicLayout>
      <TransparencyContent />
    </PublicLayout>
  );
}
