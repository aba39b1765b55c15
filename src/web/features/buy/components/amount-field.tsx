// The amount input (PRODUCT.md §4): only a non-negative decimal or empty gets in, a comma becomes a
// dot, and the swap button flips whether the amount counts tokens or the chosen currency (converting
// it: the form's `onSwap`; without a chosen currency there is nothing to convert to, and it is off).
import { ArrowLeftRight } from 'lucide-react';
import { useId } from 'react';
import { nextAmountInput } from '@/domain/quote';
import { Badge } from '@/web/components/ui/badge';
import { Button } from '@/web/components/ui/button';
import { Input } from '@/web/components/ui/input';
import { Label } from '@/web/components/ui/label';

export function AmountField({ value, onChange, unit, onSwap }: { value: string; onChange: (value: string) => void; unit: string; onSwap: (() => void) | null }) {
  const id = useId();
  const unitId = `${id}-unit`;
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>Amount</Label>
      <div className="flex items-center gap-2">
        <div className="relative min-w-0 flex-1">
          <Input
            id={id}
            inputMode="decimal"
            autoComplete="off"
            placeholder="Enter amount"
            aria-describedby={unitId}
            value={value}
            onChange={(e) => {
              const next = nextAmountInput(e.target.value);
              if (next !== null) onChange(next);
            }}
            className="h-11 pr-24 text-lg md:text-lg"
          />
          <Badge id={unitId} variant="secondary" aria-live="polite" className="absolute top-1/2 right-2 max-w-20 -translate-y-1/2 truncate">
            {unit}
          </Badge>
        </div>
        <Button type="button" variant="outline" size="icon" className="size-11" aria-label="Swap amount currency"
          title={onSwap ? 'Swap amount currency' : 'Choose a currency to swap to'}
          disabled={!onSwap}
          onClick={onSwap ?? undefined}
        >
          <ArrowLeftRight aria-hidden />
        </Button>
      </div>
    </div>
  );
}
