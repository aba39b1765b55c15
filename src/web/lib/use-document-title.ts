import { useEffect } from 'react';
import { useSale } from '@/web/api/sale';

/** Sets the document title to "{Token name} | {Page}" (PRODUCT.md §2). */
export function useDocumentTitle(page: string): void {
  const { data } = useSale();
  const token = data?.token.name ?? 'Presale';
  useEffect(() => {
    document.title = `${token} | ${page}`;
  }, [token, page]);
}
