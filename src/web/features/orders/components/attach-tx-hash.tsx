// Lets the buyer attach their payment's transaction hash (PRODUCT.md §4). The order page first shows
// the form without its code: the checked form (tx-hash-form.tsx) brings Zod, react-hook-form and the
// order contract's schemas, a third of the page's script, whose start-up held the main thread after
// the first paint. It loads once the buyer reaches for the form (pointer or focus), and takes over
// what was typed, the focus and a submit made before it arrived.
import { useState, type ComponentType } from 'react';
import type { Order } from '@/contracts/orders';
import { TxHashFields } from './tx-hash-fields';
import type { TxHashDraft } from './tx-hash-form';

type CheckedForm = ComponentType<{ order: Order; draft: TxHashDraft }>;

export function AttachTxHash({ order }: { order: Order }) {
  // Not React.lazy: its Suspense would swap these fields for a copy while loading, and the field
  // being typed in would lose the focus and the keys. These stay until the checked form is here.
  const [loaded, setLoaded] = useState<{ Form: CheckedForm } | { error: unknown } | null>(null);
  const [loading, setLoading] = useState(false);
  const [draft, setDraft] = useState<TxHashDraft>({ value: '', focused: false, submitted: false });

  const reach = () => {
    if (loading) return;
    setLoading(true);
    import('./tx-hash-form').then(
      (m) => setLoaded({ Form: m.default }),
      (error: unknown) => setLoaded({ error }),
    );
  };

  // A chunk that failed to load goes to the route's error boundary, as a lazily loaded one does.
  if (loaded && 'error' in loaded) throw loaded.error;
  if (loaded) return <loaded.Form order={order} draft={draft} />;
  return (
    <TxHashFields
      input={{
        value: draft.value,
        onChange: (e) => setDraft((d) => ({ ...d, value: e.target.value })),
        onFocus: () => setDraft((d) => ({ ...d, focused: true })),
        onBlur: () => setDraft((d) => ({ ...d, focused: false })),
      }}
      pending={draft.submitted}
      onSubmit={(e) => {
        e.preventDefault();
        setDraft((d) => ({ ...d, submitted: true }));
        reach();
      }}
      onReach={reach}
    />
  );
}
