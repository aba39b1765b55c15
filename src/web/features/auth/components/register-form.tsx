import { useState } from 'react';
import { Link, Navigate, useNavigate } from 'react-router';
import { registerBodySchema } from '@/contracts/auth';
import { FormField } from '@/web/components/ui/form-field';
import { Input } from '@/web/components/ui/input';
import { PasswordInput } from '@/web/components/ui/password-input';
import { errorMessage } from '@/web/lib/api-client';
import { paths } from '@/web/lib/paths';
import { useRegister } from '@/web/api/auth';
import { useMe } from '@/web/api/first-screen';
import { useServerForm } from '@/web/hooks/use-server-form';
import { afterSignIn, withNext } from '../lib/next-path';
import { FormError, SubmitButton } from '@/web/components/ui/form-error';

const FIELDS = ['name', 'email', 'phone', 'password', 'confirmPassword'] as const;

export function RegisterForm({ next }: { next: string | null }) {
  const navigate = useNavigate();
  const registration = useRegister();
  const [formError, setFormError] = useState<string | null>(null);
  const [passwordsVisible, setPasswordsVisible] = useState(false);
  const {
    register,
    onSubmit,
    formState: { errors },
  } = useServerForm({
    schema: registerBodySchema,
    defaultValues: { name: '', email: '', phone: '', password: '', confirmPassword: '' },
    fields: FIELDS,
    submit: (body) => {
      setFormError(null);
      return registration.mutateAsync(body);
    },
    onSuccess: () => void navigate(afterSignIn(next), { replace: true }),
    onError: (error, shownAtFields) => {
      if (!shownAtFields) setFormError(errorMessage(error, 'Registration failed.'));
    },
  });

  const { data: me } = useMe();

  // Already signed in: nothing to do here. (After this form registers, it navigates by itself.)
  if (me && registration.isIdle) return <Navigate to={paths.dashboard} replace />;

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      <FormField label="Full Name" error={errors.name?.message}>
        <Input autoComplete="name" {...register('name')} />
      </FormField>
      <FormField label="Email Address" error={errors.email?.message}>
        <Input type="email" autoComplete="email" inputMode="email" {...register('email')} />
      </FormField>
      <FormField label="Phone Number" error={errors.phone?.message} hint="Optional">
        <Input type="tel" autoComplete="tel" {...register('phone')} />
      </FormField>
      <FormField label="Password" error={errors.password?.message} hint="At least 8 characters and hard to guess: a few unrelated words work well.">
        <PasswordInput autoComplete="new-password" visible={passwordsVisible} onVisibleChange={setPasswordsVisible} {...register('password')} />
      </FormField>
      <FormField label="Confirm Password" error={errors.confirmPassword?.message}>
        <PasswordInput autoComplete="new-password" visible={passwordsVisible} onVisibleChange={setPasswordsVisible} showToggle={false} {...register('confirmPassword')} />
      </FormField>
      <p className="text-muted-foreground text-xs leading-relaxed">
        By creating an account you agree to the{' '}
        <Link to={paths.privacy} className="text-foreground underline underline-offset-4">
          Privacy Policy
        </Link>{' '}
        and the{' '}
        <Link to={paths.terms} className="text-foreground underline underline-offset-4">
          Terms
        </Link>
        .
      </p>
      <FormError message={formError} />
      <SubmitButton pending={registration.isPending}>Create Account</SubmitButton>
      <p className="text-muted-foreground text-center text-sm">
        Already have an account?{' '}
        <Link to={withNext(paths.login, next)} className="text-primary font-medium underline-offset-4 hover:underline">
          Sign in
        </Link>
      </p>
    </form>
  );
}
