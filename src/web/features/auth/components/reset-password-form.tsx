// Sets a new password through the link that arrived by e-mail (issue 14). The password follows the
// registration rules; a used, replaced or expired link says so and offers a new one.
import { CheckCircle2 } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { resetPasswordBodySchema } from '@/contracts/mail';
import { Alert, AlertDescription } from '@/web/components/ui/alert';
import { Button } from '@/web/components/ui/button';
import { FormField } from '@/web/components/ui/form-field';
import { PasswordInput } from '@/web/components/ui/password-input';
import { useResetPassword } from '@/web/api/mail';
import { useServerForm } from '@/web/hooks/use-server-form';
import { ApiError, errorMessage } from '@/web/lib/api-client';
import { paths } from '@/web/lib/paths';
import { FormError, SubmitButton } from '@/web/components/ui/form-error';

export function ResetPasswordForm({ token }: { token: string }) {
  const reset = useResetPassword();
  const [done, setDone] = useState(false);
  const [linkError, setLinkError] = useState<string | null>(null);
  const {
    register,
    onSubmit,
    formState: { errors },
  } = useServerForm({
    schema: resetPasswordBodySchema,
    defaultValues: { token, password: '', confirmPassword: '' },
    fields: ['password', 'confirmPassword'],
    submit: (body) => {
      setLinkError(null);
      return reset.mutateAsync(body);
    },
    onSuccess: () => setDone(true),
    onError: (error, shownAtFields) => {
      if (error instanceof ApiError && error.fields.token) setLinkError(error.fields.token);
      else if (!shownAtFields) setLinkError(errorMessage(error, 'The password could not be changed. Try again.'));
    },
  });

  if (done) {
    return (
      <div className="grid gap-4">
        <Alert role="status">
          <CheckCircle2 aria-hidden />
          <AlertDescription>Your password was changed, and you were signed out everywhere. Sign in with the new password.</AlertDescription>
        </Alert>
        <Button asChild className="w-full">
          <Link to={paths.login}>Go to login</Link>
        </Button>
      </div>
    );
  }

  // A mangled link's token fails the browser's own check on submit, and says so here.
  const tokenProblem = linkError ?? errors.token?.message ?? null;
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      <FormField label="New password" error={errors.password?.message}>
        <PasswordInput autoComplete="new-password" {...register('password')} />
      </FormField>
      <FormField label="Confirm password" error={errors.confirmPassword?.message}>
        <PasswordInput autoComplete="new-password" {...register('confirmPassword')} />
      </FormField>
      <FormError message={tokenProblem}>
        <Link to={paths.forgotPassword} className="font-medium underline underline-offset-4">
          Ask for a new link
        </Link>
      </FormError>
      <SubmitButton pending={reset.isPending}>Set the new password</SubmitButton>
    </form>
  );
}
