import { useSyncExternalStore } from 'react';

// PRODUCT.md §4: 12 cryptos per page above 640 px, else 6.
const WIDE_QUERY = '(min-width: 641px)';

function subscribe(onChange: () => void): () => void {
  const media = window.matchMedia(WIDE_QUERY);
  media.addEventListener('change', onChange);
  return () => media.removeEventListener('change', onChange);
}

export function useCryptoPageSize(): number {
  const wide = useSyncExternalStore(subscribe, () => window.matchMedia(WIDE_QUERY).matches, () => true);
  return wide ? 12 : 6;
}
