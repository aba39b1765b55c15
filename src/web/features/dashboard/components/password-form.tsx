import { useState } from 'react';
import { passwordChangeBodySchema, type PasswordChangeBody } from '@/contracts/auth';
import { Button } from '@/web/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/web/components/ui/card';
import { FormField } from '@/web/components/ui/form-field';
import { PasswordInput } from '@/web/components/ui/password-input';
import { Spinner } from '@/web/components/ui/spinner';
import { useChangePassword } from '@/web/api/auth';
import { useServerForm } from '@/web/hooks/use-server-form';

const FIELDS = ['currentPassword', 'newPassword', 'confirmPassword'] as const;
const EMPTY: PasswordChangeBody = { currentPassword: '', newPassword: '', confirmPassword: '' };

export function PasswordForm() {
  const change = useChangePassword();
  const [newVisible, setNewVisible] = useState(false);
  const {
    register,
    onSubmit,
    formState: { errors },
  } = useServerForm({
    schema: passwordChangeBodySchema,
    defaultValues: EMPTY,
    fields: FIELDS,
    submit: (body) => change.mutateAsync(body),
    successToast: 'Password changed',
    errorToast: { title: 'Update failed', fallback: 'Please try again.' },
    onSuccess: (_, { form }) => {
      form.reset(EMPTY);
      setNewVisible(false);
    },
  });

  return (
    <Card className="min-w-0">
      <form onSubmit={onSubmit} noValidate aria-labelledby="password-title" className="contents">
        <CardHeader>
          <CardTitle id="password-title">Change password</CardTitle>
          <CardDescription>Other devices signed in to your account are signed out.</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          <FormField label="Current password" error={errors.currentPassword?.message}>
            <PasswordInput autoComplete="current-password" {...register('currentPassword')} />
          </FormField>
          <FormField label="New password" error={errors.newPassword?.message} hint="At least 8 characters and hard to guess: a few unrelated words work well.">
            <PasswordInput autoComplete="new-password" visible={newVisible} onVisibleChange={setNewVisible} {...register('newPassword')} />
          </FormField>
          <FormField label="Confirm new password" error={errors.confirmPassword?.message}>
            <PasswordInput autoComplete="new-password" visible={newVisible} onVisibleChange={setNewVisible} showToggle={false} {...register('confirmPassword')} />
          </FormField>
        </CardContent>
        <CardFooter>
          <Button type="submit" disabled={change.isPending}>
            {change.isPending ? <Spinner /> : null}
            Change password
          </Button>
        </CardFooter>
      </form>
    </Card>
  );
}
