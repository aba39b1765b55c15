import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { toast } from '@/web/lib/toast';
import { operatorPasswordBodySchema, type OperatorPasswordBody } from '@/contracts/admin';
import { Button } from '@/web/components/ui/button';
import { Card, CardContent } from '@/web/components/ui/card';
import { FormField } from '@/web/components/ui/form-field';
import { Input } from '@/web/components/ui/input';
import { PasswordInput } from '@/web/components/ui/password-input';
import { Spinner } from '@/web/components/ui/spinner';
import { useChangeOperatorPassword, useOperator } from '@/web/api/admin/operator';
import { AdminPage } from '@/web/features/back-office/components/admin-layout';
import { applyFieldErrors } from '@/web/lib/apply-field-errors';
import { errorMessage } from '@/web/lib/api-client';
import { useDocumentTitle } from '@/web/lib/use-document-title';

const FIELDS = ['login', 'oldPassword', 'newPassword', 'confirmNewPassword'] as const;

export function Component() {
  useDocumentTitle('Change Pass');
  const { data: operator } = useOperator();
  const change = useChangeOperatorPassword();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm<OperatorPasswordBody>({
    resolver: zodResolver(operatorPasswordBodySchema),
    values: { login: operator?.login ?? '', oldPassword: '', newPassword: '', confirmNewPassword: '' },
  });

  const onSubmit = handleSubmit((body) =>
    change.mutate(body, {
      onSuccess: () => {
        toast.success('Password changed');
        reset({ login: body.login, oldPassword: '', newPassword: '', confirmNewPassword: '' });
      },
      onError: (error) => {
        applyFieldErrors(error, FIELDS, setError);
        toast.error(errorMessage(error, 'Failed to change the password.'));
      },
    }),
  );

  return (
    <AdminPage title="Change Pass" description="Changing the password signs this operator out everywhere else.">
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
    </AdminPage>
  );
}
