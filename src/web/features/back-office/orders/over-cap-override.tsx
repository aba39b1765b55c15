// A credit whose tokens no longer fit under the hard cap, or in the stage they are priced in: the
// server refuses it and says which, and the operator may go ahead beyond the cap only by ticking the
// box (the audit log records it).
import { useState } from 'react';
import type { FieldValues } from 'react-hook-form';
import { useServerForm, type ServerFormOptions } from '@/web/hooks/use-server-form';
import { ApiError, errorMessage } from '@/web/lib/api-client';
import { toast } from '@/web/lib/toast';

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

/**
 * A dialog's form whose credit the server may refuse for the hard cap: that refusal shows in the
 * dialog with its override box (sent as `overrideHardCap`), any other refusal at its field or as a
 * toast, and closing clears the form and the refusal.
 */
export function useOverCapForm<TValues extends FieldValues, TBody, TData>(
  options: Omit<ServerFormOptions<TValues, TBody, TData>, 'submit' | 'errorToast' | 'onError' | 'onSuccess'> & {
    submit: (body: TBody, overrideHardCap: boolean) => Promise<TData>;
    failure: string;
  },
  onClose: () => void,
) {
  const overCap = useOverCap();
  const { submit, failure, ...rest } = options;
  const form = useServerForm({
    ...rest,
    submit: (body) => submit(body, overCap.override),
    onError: (error, shownAtFields) => {
      if (!overCap.take(error) && !shownAtFields) toast.error(errorMessage(error, failure));
    },
    onSuccess: () => close(),
  });
  const close = () => {
    form.reset();
    overCap.reset();
    onClose();
  };
  return { form, overCap, close };
}
