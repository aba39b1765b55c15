// The code of two-factor sign-in: six digits from the authenticator app, or a recovery code.
import type { ComponentProps } from 'react';
import { FormField } from './ui/form-field';
import { Input } from './ui/input';

export function SecondFactorField({ label, error, ...input }: { label: string; error: string | undefined } & ComponentProps<'input'>) {
  return (
    <FormField label={label} error={error} hint="From your authenticator app, or one of your recovery codes.">
      <Input autoComplete="one-time-code" autoCapitalize="off" spellCheck={false} autoFocus {...input} />
    </FormField>
  );
}
