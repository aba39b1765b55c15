// One path for every form that the server checks again: the contract's schema checks it in the
// browser, the server's per-field refusals land next to their fields (the first is focused), and a
// toast says how it went.
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type DefaultValues, type FieldValues, type Path, type UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import { errorMessage } from '@/web/lib/api-client';
import { applyFieldErrors } from '@/web/lib/apply-field-errors';
import { toast } from '@/web/lib/toast';

/** A schema from the form's fields to what the server takes. */
type FormSchema<TValues extends FieldValues, TBody> = z.ZodType<TBody, TValues>;

/** The toast for a refusal: the server's message (else `fallback`) as its title, or under `title`. */
export interface ErrorToast {
  fallback: string;
  title?: string;
  /** Toast only when no message could be shown at a field. */
  unlessShownAtFields?: boolean;
}

export interface ServerFormOptions<TValues extends FieldValues, TBody, TData> {
  schema: FormSchema<TValues, TBody>;
  defaultValues?: DefaultValues<TValues>;
  /** Values that follow outside data (react-hook-form's `values`): the form resets when they change. */
  values?: TValues;
  /** The fields that show server messages; a nested server path goes to the closest of them. */
  fields: readonly Path<TValues>[];
  /** Sends the checked body; usually a mutation's `mutateAsync`. */
  submit: (body: TBody) => Promise<TData>;
  successToast?: string | ((data: TData) => string);
  errorToast?: ErrorToast;
  onSuccess?: (data: TData, sent: { body: TBody; form: UseFormReturn<TValues, unknown, TBody> }) => void;
  /** After the field messages are shown: `shownAtFields` says whether any was. */
  onError?: (error: unknown, shownAtFields: boolean) => void;
}

export function useServerForm<TValues extends FieldValues, TBody, TData>(options: ServerFormOptions<TValues, TBody, TData>) {
  const { schema, defaultValues, values, fields, submit, successToast, errorToast, onSuccess, onError } = options;
  const form = useForm<TValues, unknown, TBody>({ resolver: zodResolver(schema), defaultValues, values });

  const onSubmit = form.handleSubmit(async (body) => {
    let data: TData;
    try {
      data = await submit(body);
    } catch (error) {
      const shownAtFields = applyFieldErrors(error, fields, form.setError);
      if (errorToast && !(errorToast.unlessShownAtFields && shownAtFields)) {
        const message = errorMessage(error, errorToast.fallback);
        if (errorToast.title) toast.error(errorToast.title, { description: message });
        else toast.error(message);
      }
      onError?.(error, shownAtFields);
      return;
    }
    if (successToast) toast.success(typeof successToast === 'function' ? successToast(data) : successToast);
    onSuccess?.(data, { body, form });
  });

  return { ...form, onSubmit };
}
