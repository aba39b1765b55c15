import { operatorPasswordBodySchema } from '@/contracts/operators';
import { Button } from '@/web/components/ui/button';
import { Card, CardContent } from '@/web/components/ui/card';
import { FormField } from '@/web/components/ui/form-field';
import { Input } from '@/web/components/ui/input';
import { PasswordInput } from '@/web/components/ui/password-input';
import { Spinner } from '@/web/components/ui/spinner';
import { useChangeOperatorPassword, useOperator } from '@/web/api/operators';
import { AdminPage } from '@/web/features/back-office/shell/admin-page';
import { TwoFactorCard } from '@/web/components/two-factor-card';
import { SessionsCard } from '@/web/components/sessions-card';
import { useServerForm } from '@/web/hooks/use-server-form';
import { useDocumentTitle } from '@/web/lib/use-document-title';

const FIELDS = ['login', 'oldPassword', 'newPassword', 'confirmNewPassword'] as const;

export function Component() {
  useDocumentTitle('Change Pass');
  const { data: operator } = useOperator();
  const change = useChangeOperatorPassword();
  const {
    register,
    onSubmit,
    formState: { errors },
  } = useServerForm({
    schema: operatorPasswordBodySchema,
    values: { login: operator?.login ?? '', oldPassword: '', newPassword: '', confirmNewPassword: '' },
    fields: FIELDS,
    submit: (body) => change.mutateAsync(body),
    successToast: 'Password changed',
    errorToast: { fallback: 'Failed to change the password.' },
    onSuccess: (_, { body, form }) => form.reset({ login: body.login, oldPassword: '', newPassword: '', confirmNewPassword: '' }),
  });

  return (
    <AdminPage title="Change Pass" description="Changing the password signs this operator out everywhere else.">
      {operator?.mustEnrolSecondFactor && !operator.mustChangePassword ? (
        <p role="note" className="border-warning/50 bg-warning/10 max-w-lg rounded-md border p-3 text-sm">
          The sale requires two-factor sign-in for every operator. Turn it on below to open the rest of the back-office.
        </p>
      ) : null}
      {operator?.mustChangePassword ? (
        <p role="note" className="border-warning/50 bg-warning/10 max-w-lg rounded-md border p-3 text-sm">
          You signed in with a one-time password. Choose your own to open the rest of the back-office.
        </p>
      ) : null}
      <Card className="max-w-lg">
        <CardContent>
          <form onSubmit={onSubmit} noValidate className="grid gap-4">
            <FormField label="Login" error={errors.login?.message}>
              <Input autoComplete="username" {...register('login')} />
            </FormField>
            <FormField label="Old password" error={errors.oldPassword?.message}>
              <PasswordInput autoComplete="current-password" {...register('oldPassword')} />
            </FormField>
            <FormField label="New password" error={errors.newPassword?.message}>
              <PasswordInput autoComplete="new-password" {...register('newPassword')} />
            </FormField>
            <FormField label="Confirm new password" error={errors.confirmNewPassword?.message}>
              <PasswordInput autoComplete="new-password" {...register('confirmNewPassword')} />
            </FormField>
            <Button type="submit" disabled={change.isPending} className="justify-self-start">
              {change.isPending ? <Spinner /> : null}
              Change password
            </Button>
          </form>
        </CardContent>
      </Card>
      <div className="max-w-2xl">
        <TwoFactorCard owner="operator" />
      </div>
      <div className="max-w-2xl">
        <SessionsCard owner="operator" />
      </div>
    </AdminPage>
  );
}
