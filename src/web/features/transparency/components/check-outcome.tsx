// What a check run in the browser found (the ledger's chain, a prize draw): said as a status when it
// holds, as an alert when it does not.
import { CircleCheck, CircleX } from 'lucide-react';

export interface CheckResult {
  ok: boolean;
  text: string;
}

export function CheckOutcome({ outcome }: { outcome: CheckResult | null }) {
  if (!outcome) return null;
  return (
    <p role={outcome.ok ? 'status' : 'alert'} className={`flex items-start gap-2 text-sm ${outcome.ok ? 'text-emerald-700 dark:text-emerald-400' : 'text-destructive'}`}>
      {outcome.ok ? <CircleCheck className="mt-0.5 size-4 shrink-0" aria-hidden /> : <CircleX className="mt-0.5 size-4 shrink-0" aria-hidden />}
      <span>{outcome.text}</span>
    </p>
  );
}
