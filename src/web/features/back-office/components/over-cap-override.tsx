// A credit whose tokens no longer fit under the hard cap: the server refuses it and says so, and the
// operator may go ahead beyond the cap only by ticking the box (the audit log records it).
import { useState } from 'react';
import { ApiError } from '@/web/lib/api-client';

export interface OverCap {
  /** The server's refusal, once it came. */
  message: string | null;
  override: boolean;
  setOverride: (v: boolean) => void;
  /** True while the refusal stands and the box is not ticked. */
  blocked: boolean;
  /** Takes a refusal for the hard cap (true), or leaves any other error to the caller (false). */
  take: (error: unknown) => boolean;
  reset: () => void;
}

export function useOverCap(): OverCap {
  const [message, setMessage] = useState<string | null>(null);
  const [override, setOverride] = useState(false);
  return {
    message,
    override,
    setOverride,
    blocked: message !== null && !override,
    take: (error) => {
      if (!(error instanceof ApiError && error.code === 'over_hard_cap')) return false;
      setMessage(error.message);
      return true;
    },
    reset: () => {
      setMessage(null);
      setOverride(false);
    },
  };
}

export function OverCapOverride({ state, label }: { state: OverCap; label: string }) {
  if (!state.message) return null;
  return (
    <div role="alert" className="border-destructive/50 space-y-2 rounded-md border p-3 text-sm">
      <p className="text-destructive">{state.message}</p>
      <label className="flex items-center gap-2 font-medium">
        <input type="checkbox" className="size-4" checked={state.override} onChange={(e) => state.setOverride(e.target.checked)} />
        {label}
      </label>
    </div>
  );
}
