import { useWatch } from 'react-hook-form';
import { profileBodySchema, type Me } from '@/contracts/auth';
import { Button } from '@/web/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/web/components/ui/card';
import { FormField } from '@/web/components/ui/form-field';
import { Input } from '@/web/components/ui/input';
import { PasswordInput } from '@/web/components/ui/password-input';
import { Spinner } from '@/web/components/ui/spinner';
import { useUpdateProfile } from '@/web/api/auth';
import { useCancelEmailChange } from '@/web/api/mail';
import { Alert, AlertDescription, AlertTitle } from '@/web/components/ui/alert';
import { errorMessage } from '@/web/lib/api-client';
import { EMAIL_CHANGE_VALID_HOURS } from '@/contracts/mail';
import { MailCheck } from 'lucide-react';
import { useServerForm } from '@/web/hooks/use-server-form';

const FIELDS = ['name', 'email', 'phone', 'currentPassword'] as const;

export function ProfileForm({ me }: { me: Me }) {
  const update = useUpdateProfile();
  // Moving the account to another address needs the current password.
  const changesEmail = (email: string) => email.trim().toLowerCase() !== me.email.toLowerCase();
  const {
    register,
    onSubmit,
    control,
    formState: { errors },
  } = useServerForm({
    schema: profileBodySchema,
    defaultValues: { name: me.name, email: me.email, phone: me.phone },
    fields: FIELDS,
    submit: ({ currentPassword, ...rest }) => update.mutateAsync(changesEmail(rest.email) ? { ...rest, currentPassword } : rest),
    successToast: 'Profile updated',
    errorToast: { title: 'Update failed', fallback: 'Please try again.' },
    onSuccess: (saved, { form }) => form.reset({ name: saved.name, email: saved.email, phone: saved.phone, currentPassword: '' }),
  });

  const emailChanged = changesEmail(useWatch({ control, name: 'email' }));

  return (
    <Card className="min-w-0">
      <form onSubmit={onSubmit} noValidate aria-labelledby="profile-title" className="contents">
        <CardHeader>
          <CardTitle id="profile-title">Personal data</CardTitle>
          <CardDescription>Your name and contact details.</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          <FormField label="Full Name" error={errors.name?.message}>
            <Input autoComplete="name" {...register('name')} />
          </FormField>
          <FormField label="Email Address" error={errors.email?.message}>
            <Input type="email" autoComplete="email" inputMode="email" {...register('email')} />
          </FormField>
          <FormField label="Phone Number" error={errors.phone?.message} hint="Optional">
            <Input type="tel" autoComplete="tel" {...register('phone')} />
          </FormField>
          {emailChanged ? (
            <FormField label="Current password" error={errors.currentPassword?.message} hint="Needed to change your e-mail address.">
              <PasswordInput autoComplete="current-password" {...register('currentPassword')} />
            </FormField>
          ) : null}
          {me.pendingEmail ? <PendingEmailChange address={me.pendingEmail} /> : null}
        </CardContent>
        <CardFooter>
          <Button type="submit" disabled={update.isPending}>
            {update.isPending ? <Spinner /> : null}
            Save changes
          </Button>
        </CardFooter>
      </form>
    </Card>
  );
}

/** A change of address waits for the link sent to the new address; the buyer may withdraw it. */
function PendingEmailChange({ address }: { address: string }) {
  const cancel = useCancelEmailChange();
  return (
    <Alert role="region" aria-label="E-mail change waiting">
      <MailCheck aria-hidden />
      <AlertTitle>Confirm your new address</AlertTitle>
      <AlertDescription className="grid gap-2">
        <span>
          We sent a link to <span className="font-medium break-all">{address}</span>. Your address changes when you open it (within {EMAIL_CHANGE_VALID_HOURS} hours); until then, sign in
          with your current one.
        </span>
        <span className="flex flex-wrap items-center gap-2">
          <Button type="button" size="sm" variant="outline" disabled={cancel.isPending} onClick={() => cancel.mutate()}>
            {cancel.isPending ? <Spinner /> : null}
            Withdraw the change
          </Button>
          {cancel.isError ? (
            <span role="alert" className="text-destructive">
              {errorMessage(cancel.error, 'The change could not be withdrawn.')}
            </span>
          ) : null}
        </span>
      </AlertDescription>
    </Alert>
  );
}
