import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import { toast } from '@/web/lib/toast';
import { profileBodySchema, type Me, type ProfileBody } from '@/contracts/auth';
import { Button } from '@/web/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/web/components/ui/card';
import { FormField } from '@/web/components/ui/form-field';
import { Input } from '@/web/components/ui/input';
import { PasswordInput } from '@/web/components/ui/password-input';
import { Spinner } from '@/web/components/ui/spinner';
import { useUpdateProfile } from '@/web/api/auth/update-profile';
import { applyFieldErrors } from '@/web/lib/apply-field-errors';
import { errorMessage } from '@/web/lib/api-client';

const FIELDS = ['name', 'email', 'phone', 'currentPassword'] as const;

export function ProfileForm({ me }: { me: Me }) {
  const update = useUpdateProfile();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    control,
    formState: { errors },
  } = useForm<ProfileBody>({
    resolver: zodResolver(profileBodySchema),
    defaultValues: { name: me.name, email: me.email, phone: me.phone },
  });

  // Moving the account to another address needs the current password.
  const email = useWatch({ control, name: 'email' });
  const emailChanged = email.trim().toLowerCase() !== me.email.toLowerCase();

  const onSubmit = handleSubmit(({ currentPassword, ...rest }) => {
    update.mutate(emailChanged ? { ...rest, currentPassword } : rest, {
      onSuccess: (saved) => {
        reset({ name: saved.name, email: saved.email, phone: saved.phone, currentPassword: '' });
        toast.success('Profile updated');
      },
      onError: (error) => {
        applyFieldErrors(error, FIELDS, setError);
        toast.error('Update failed', { description: errorMessage(error, 'Please try again.') });
      },
    });
  });

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
