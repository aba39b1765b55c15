// Asks for a password-reset link (issue 14). The answer never says whether the address has an
// account: the same sentence follows every request.
import { MailCheck } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { forgotPasswordBodySchema } from '@/contracts/mail';
import { Alert, AlertDescription } from '@/web/components/ui/alert';
import { FormField } from '@/web/components/ui/form-field';
import { Input } from '@/web/components/ui/input';
import { useForgotPassword } from '@/web/api/mail';
import { useServerForm } from '@/web/hooks/use-server-form';
import { errorMessage } from '@/web/lib/api-client';
import { paths } from '@/web/lib/paths';
import { FormError, SubmitButton } from '@/web/components/ui/form-error';

export function ForgotPasswordForm() {
  const ask = useForgotPassword();
  const [answer, setAnswer] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    onSubmit,
    formState: { errors },
  } = useServerForm({
    schema: forgotPasswordBodySchema,
    defaultValues: { email: '' },
    fields: ['email'],
    submit: (body) => {
      setFormError(null);
      return ask.mutateAsync(body);
    },
    onSuccess: (data) => setAnswer(data.message),
    onError: (error, shownAtFields) => {
      if (!shownAtFields) setFormError(errorMessage(error, 'The request could not be sent. Try again.'));
    },
  });

  if (answer) {
    return (
      <div className="grid gap-4">
        <Alert role="status">
          <MailCheck aria-hidden />
          <AlertDescription>{answer} It works once, for 30 minutes. Check your spam folder if nothing arrives.</AlertDescription>
        </Alert>
        <Link to={paths.login} className="text-primary text-center text-sm font-medium underline-offset-4 hover:underline">
          Back to login
        </Link>
      </div>
    );
  }

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      <FormField label="Email" error={errors.email?.message}>
        <Input type="email" autoComplete="email" inputMode="email" {...register('email')} />
      </FormField>
      <FormError message={formError} />
      <SubmitButton pending={ask.isPending}>Send the link</SubmitButton>
      <p className="text-muted-foreground text-center text-sm">
        Remembered it?{' '}
        <Link to={paths.login} className="text-primary font-medium underline-offset-4 hover:underline">
          Back to login
        </Link>
      </p>
    </form>
  );
}
