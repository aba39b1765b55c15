import { ArrowDown, ArrowUp, Plus, Trash2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '@/web/components/ui/button';

/** Edits an ordered list: each item's fields, with add, remove and move up/down. */
export function ListEditor<T>({
  label,
  items,
  onChange,
  blank,
  renderItem,
  itemName,
  name,
  error,
}: {
  label: string;
  /** The list's path in the form's errors (`faq`); its own message, such as a total over 100%, shows under it. */
  name?: string;
  error?: string;
  items: T[];
  onChange: (items: T[]) => void;
  blank: () => T;
  renderItem: (item: T, update: (item: T) => void, index: number) => ReactNode;
  itemName: (item: T, index: number) => string;
}) {
  const move = (from: number, to: number) => {
    const next = [...items];
    const [item] = next.splice(from, 1);
    if (item !== undefined) next.splice(to, 0, item);
    onChange(next);
  };
  return (
    <fieldset name={name} className="grid gap-3" aria-invalid={error ? true : undefined} aria-describedby={error && name ? `${name}-list-message` : undefined}>
      <legend className="mb-2 font-medium">{label}</legend>
      {error ? (
        <p id={name ? `${name}-list-message` : undefined} role="alert" className="text-destructive text-sm">
          {error}
        </p>
      ) : null}
      {items.length === 0 ? <p className="text-muted-foreground text-sm">None yet.</p> : null}
      <ol className="grid gap-3">
        {items.map((item, i) => (
          <li key={i} className="grid gap-3 rounded-md border p-3">
            {renderItem(item, (changed) => onChange(items.map((x, j) => (j === i ? changed : x))), i)}
            <div className="flex flex-wrap gap-2">
              <Button type="button" size="sm" variant="outline" disabled={i === 0} onClick={() => move(i, i - 1)} aria-label={`Move ${itemName(item, i)} up`}>
                <ArrowUp aria-hidden />
              </Button>
              <Button type="button" size="sm" variant="outline" disabled={i === items.length - 1} onClick={() => move(i, i + 1)} aria-label={`Move ${itemName(item, i)} down`}>
                <ArrowDown aria-hidden />
              </Button>
              <Button type="button" size="sm" variant="ghost" onClick={() => onChange(items.filter((_, j) => j !== i))} aria-label={`Remove ${itemName(item, i)}`}>
                <Trash2 aria-hidden /> Remove
              </Button>
            </div>
          </li>
        ))}
      </ol>
      <Button type="button" variant="outline" size="sm" className="justify-self-start" onClick={() => onChange([...items, blank()])}>
        <Plus aria-hidden /> Add
      </Button>
    </fieldset>
  );
}
