// Step-up (issue 15): when a route that moves money or keys, or changes the team, asks for the
// password again, this dialog asks for it (and a code when two-factor sign-in is on), then the
// call goes through. Cancelling leaves the call refused, with the server's message.
import { useEffect, useRef, useState } from 'react';
import { stepUpBodySchema } from '@/contracts/operators';
import { SecondFactorField } from '@/web/components/second-factor-field';
import { Button } from '@/web/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/web/components/ui/dialog';
import { FormField } from '@/web/components/ui/form-field';
import { PasswordInput } from '@/web/components/ui/password-input';
import { Spinner } from '@/web/components/ui/spinner';
import { useTwoFactor } from '@/web/api/two-factor';
import { apiCall, handleStepUp } from '@/web/lib/api-client';
import { useServerForm } from '@/web/hooks/use-server-form';

export function StepUpDialog() {
  const [reason, setReason] = useState<string | null>(null);
  const settle = useRef<((confirmed: boolean) => void) | null>(null);
  // Asked only once the dialog opens: every back-office page mounts it.
  const { data: twoFactor } = useTwoFactor('operator', reason !== null);
  useEffect(() => {
    handleStepUp(
      (why) =>
        new Promise<boolean>((resolve) => {
          settle.current?.(false);
          settle.current = resolve;
          setReason(why);
        }),
    );
    return () => handleStepUp(null);
  }, []);
  const close = (confirmed: boolean) => {
    settle.current?.(confirmed);
    settle.current = null;
    setReason(null);
  };
  const {
    register,
    onSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useServerForm({
    schema: stepUpBodySchema,
    defaultValues: { password: '', code: '' },
    fields: ['password', 'code'],
    submit: (body) => apiCall('POST /api/admin/step-up', { body: { password: body.password, ...(body.code ? { code: body.code } : {}) } }),
    onSuccess: () => {
      reset({ password: '', code: '' });
      close(true);
    },
  });
  return (
    <Dialog open={reason !== null} onOpenChange={(open) => (open ? undefined : close(false))}>
      <DialogContent>
        <form onSubmit={onSubmit} noValidate className="grid gap-4">
          <DialogHeader>
            <DialogTitle>Confirm your password</DialogTitle>
            <DialogDescription>{reason} It stays confirmed for five minutes.</DialogDescription>
          </DialogHeader>
          <FormField label="Your password" error={errors.password?.message}>
            <PasswordInput autoComplete="current-password" autoFocus {...register('password')} />
          </FormField>
          {twoFactor?.enabled || errors.code ? <SecondFactorField label="Authentication code" error={errors.code?.message} autoFocus={false} {...register('code')} /> : null}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => close(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={isSubmitting}>
              {isSubmitting ? <Spinner /> : null}
              Confirm
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
