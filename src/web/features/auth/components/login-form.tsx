import { useState } from 'react';
import { Link, Navigate, useNavigate } from 'react-router';
import { loginBodySchema } from '@/contracts/auth';
import { FormField } from '@/web/components/ui/form-field';
import { Input } from '@/web/components/ui/input';
import { PasswordInput } from '@/web/components/ui/password-input';
import { ApiError, NetworkError } from '@/web/lib/api-client';
import { paths } from '@/web/lib/paths';
import { useLogin } from '@/web/api/auth';
import { useMe } from '@/web/api/first-screen';
import { useServerForm } from '@/web/hooks/use-server-form';
import { afterSignIn, withNext } from '../lib/next-path';
import { FormError, SubmitButton } from '@/web/components/ui/form-error';
import { SecondFactorField } from '@/web/components/second-factor-field';

function loginFailure(error: unknown): string {
  if (error instanceof NetworkError) return 'An error occurred during login.';
  if (error instanceof ApiError && error.message) return error.message;
  return 'Login failed';
}

export function LoginForm({ next }: { next: string | null }) {
  const navigate = useNavigate();
  const signIn = useLogin();
  const [formError, setFormError] = useState<string | null>(null);
  // Asked for once the password is right and two-factor sign-in is on.
  const [askCode, setAskCode] = useState(false);
  const {
    register,
    onSubmit,
    formState: { errors },
  } = useServerForm({
    schema: loginBodySchema,
    defaultValues: { email: '', password: '', code: '' },
    // A refused sign-in is one message for the whole form, shown above the button; the code has its own.
    fields: ['code'],
    submit: (body) => {
      setFormError(null);
      return signIn.mutateAsync({ email: body.email, password: body.password, ...(askCode && body.code ? { code: body.code } : {}) });
    },
    onSuccess: () => void navigate(afterSignIn(next), { replace: true }),
    onError: (error, shownAtFields) => {
      if (shownAtFields) setAskCode(true);
      else setFormError(loginFailure(error));
    },
  });
  const { data: me } = useMe();

  // Already signed in: nothing to do here. (After this form signs in, it navigates by itself.)
  if (me && signIn.isIdle) return <Navigate to={paths.dashboard} replace />;

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      <FormField label="Email" error={errors.email?.message}>
        <Input type="email" autoComplete="email" inputMode="email" {...register('email')} />
      </FormField>
      <FormField label="Password" error={errors.password?.message}>
        <PasswordInput autoComplete="current-password" {...register('password')} />
      </FormField>
      {askCode ? <SecondFactorField label="Authentication code" error={errors.code?.message} {...register('code')} /> : null}
      <Link to={paths.forgotPassword} className="text-primary -mt-2 justify-self-end text-sm underline-offset-4 hover:underline">
        Forgot password?
      </Link>
      <FormError message={formError} />
      <SubmitButton pending={signIn.isPending}>Login</SubmitButton>
      <p className="text-muted-foreground text-center text-sm">
        Don&apos;t have an account?{' '}
        <Link to={withNext(paths.register, next)} className="text-primary font-medium underline-offset-4 hover:underline">
          Sign up
        </Link>
      </p>
    </form>
  );
}
