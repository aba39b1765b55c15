import { useState } from 'react';
import { Link, Navigate, useNavigate } from 'react-router';
import { registerBodySchema } from '@/contracts/auth';
import { FormField } from '@/web/components/ui/form-field';
import { Input } from '@/web/components/ui/input';
import { PasswordInput } from '@/web/components/ui/password-input';
import { errorMessage } from '@/web/lib/api-client';
import { paths } from '@/web/lib/paths';
import { useRegister } from '@/web/api/auth';
import { useCurrentTerms } from '@/web/api/terms';
import { TermsAcceptanceBox } from '@/web/components/terms-acceptance-box';
import { CountrySelect } from '@/web/components/country-select';
import { useMe } from '@/web/api/first-screen';
import { useServerForm } from '@/web/hooks/use-server-form';
import { afterSignIn, withNext } from '../lib/next-path';
import { FormError, SubmitButton } from '@/web/components/ui/form-error';

const FIELDS = ['name', 'email', 'phone', 'country', 'password', 'confirmPassword', 'termsVersion'] as const;

export function RegisterForm({ next }: { next: string | null }) {
  const navigate = useNavigate();
  const registration = useRegister();
  const [formError, setFormError] = useState<string | null>(null);
  const [passwordsVisible, setPasswordsVisible] = useState(false);
  const terms = useCurrentTerms();
  const {
    register,
    onSubmit,
    setValue,
    resetField,
    watch,
    formState: { errors },
  } = useServerForm({
    schema: registerBodySchema,
    defaultValues: { name: '', email: '', phone: '', country: '', password: '', confirmPassword: '' },
    fields: FIELDS,
    submit: (body) => {
      setFormError(null);
      return registration.mutateAsync(body);
    },
    onSuccess: () => void navigate(afterSignIn(next), { replace: true }),
    onError: (error, shownAtFields) => {
      if (!shownAtFields) setFormError(errorMessage(error, 'Registration failed.'));
      // A new version may have been published meanwhile: the box then names it, unticked.
      void terms.refetch();
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
      <FormField label="Country of residence" error={errors.country?.message} hint="Where you live. The sale is not offered in some countries.">
        <CountrySelect {...register('country')} />
      </FormField>
      <FormField label="Password" error={errors.password?.message} hint="At least 8 characters and hard to guess: a few unrelated words work well.">
        <PasswordInput autoComplete="new-password" visible={passwordsVisible} onVisibleChange={setPasswordsVisible} {...register('password')} />
      </FormField>
      <FormField label="Confirm Password" error={errors.confirmPassword?.message}>
        <PasswordInput autoComplete="new-password" visible={passwordsVisible} onVisibleChange={setPasswordsVisible} showToggle={false} {...register('confirmPassword')} />
      </FormField>
      <TermsAcceptanceBox
        version={terms.data?.version}
        checked={terms.data !== undefined && watch('termsVersion') === terms.data.version}
        onChange={(version) => (version === undefined ? resetField('termsVersion') : setValue('termsVersion', version, { shouldValidate: true }))}
        error={errors.termsVersion?.message}
      />
      <p className="text-muted-foreground text-xs leading-relaxed">
        By creating an account you agree to the{' '}
        <Link to={paths.privacy} className="text-foreground underline underline-offset-4">
          Privacy Policy
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
