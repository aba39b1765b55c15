import { useEffect } from 'react';
import { useSale } from '@/web/api/first-screen';

/** Sets the document title to "{Token name} | {Page}" (PRODUCT.md §2). */
export function useDocumentTitle(page: string): void {
  const { data } = useSale();
  const token = data?.token.name ?? 'Presale';
  useEffect(() => {
    document.title = `${token} | ${page}`;
  }, [token, page]);
}
