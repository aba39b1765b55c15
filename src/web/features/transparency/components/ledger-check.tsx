// The ledger check in the browser: downloads the export and recomputes every hash here, with the
// same code as `npm run verify-ledger` (src/domain/ledger-chain.ts), loaded only when asked for.
import { useId, useState } from 'react';
import { CheckOutcome, type CheckResult } from './check-outcome';
import { Button } from '@/web/components/ui/button';
import { Input } from '@/web/components/ui/input';
import { Label } from '@/web/components/ui/label';
import { Spinner } from '@/web/components/ui/spinner';
import { getLedgerExport } from '@/web/api/transparency';

type Outcome = CheckResult;

const SAVED_HEAD = /^\s*(\d+)\s*:\s*([0-9a-f]{64})\s*$/i;

export function LedgerCheck() {
  const id = useId();
  const [saved, setSaved] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [running, setRunning] = useState(false);

  const run = async () => {
    const match = saved.trim() ? SAVED_HEAD.exec(saved) : null;
    if (saved.trim() && !match) {
      setFieldError('Enter a saved head as its entry number, a colon and its hash, e.g. 42:9f86d0…');
      return;
    }
    setFieldError(null);
    setOutcome(null);
    setRunning(true);
    try {
      const [{ verifyLedger }, data] = await Promise.all([import('@/domain/ledger-chain'), getLedgerExport()]);
      const savedHeads = [...data.dailyHeads, ...(match ? [{ seq: Number(match[1]), hash: (match[2] ?? '').toLowerCase() }] : [])];
      const check = verifyLedger({ entries: data.entries, head: data.head, orders: data.orders, savedHeads });
      setOutcome(
        check.ok
          ? {
              ok: true,
              text: `The ledger verifies: all ${check.entries} entries recompute to head ${check.head.hash.slice(0, 16)}…, the ${data.orders.length} approved orders match their credits, and ${check.savedHeads === 1 ? '1 earlier head is' : `${check.savedHeads} earlier heads are`} in the chain.`,
            }
          : { ok: false, text: `The ledger does not verify${check.seq === null ? '' : ` at entry ${check.seq}`}: ${check.problem}` },
      );
    } catch (e) {
      setOutcome({ ok: false, text: `The export could not be checked: ${e instanceof Error ? e.message : String(e)}` });
    } finally {
      setRunning(false);
    }
  };

  return (
    <form
      className="grid gap-3"
      onSubmit={(e) => {
        e.preventDefault();
        void run();
      }}
    >
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-head`}>A head you saved (optional)</Label>
        <Input
          id={`${id}-head`}
          value={saved}
          onChange={(e) => setSaved(e.target.value)}
          placeholder="entry:hash"
          autoComplete="off"
          spellCheck={false}
          className="font-mono"
          aria-invalid={fieldError ? true : undefined}
          aria-describedby={fieldError ? `${id}-error` : undefined}
        />
        {fieldError ? (
          <p id={`${id}-error`} className="text-destructive text-sm">
            {fieldError}
          </p>
        ) : null}
      </div>
      <div>
        <Button type="submit" disabled={running}>
          {running ? <Spinner /> : null}
          Verify in this browser
        </Button>
      </div>
      <CheckOutcome outcome={outcome} />
    </form>
  );
}
