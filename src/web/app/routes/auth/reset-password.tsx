// Password reset, step 2 (issue 14): the link from the e-mail, and the new password.
import { AuthLayout } from '@/web/components/layouts/auth-layout';
import { ResetPasswordForm } from '@/web/features/auth/components/reset-password-form';
import { useDocumentTitle } from '@/web/lib/use-document-title';
import { useUrlToken } from '@/web/lib/use-url-token';

export function Component() {
  useDocumentTitle('Reset password');
  const token = useUrlToken();
  return (
    <AuthLayout title="Set a new password" description="Choose a password you do not use anywhere else.">
      <ResetPasswordForm token={token} />
    </AuthLayout>
  );
}
