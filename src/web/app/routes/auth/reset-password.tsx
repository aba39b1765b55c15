// Password reset, step 2 (issue 14): the link from the e-mail, and the new password.
import { useSearchParams } from 'react-router';
import { AuthLayout } from '@/web/components/layouts/auth-layout';
import { ResetPasswordForm } from '@/web/features/auth/components/reset-password-form';
import { useDocumentTitle } from '@/web/lib/use-document-title';

export function Component() {
  useDocumentTitle('Reset password');
  const [params] = useSearchParams();
  return (
    <AuthLayout title="Set a new password" description="Choose a password you do not use anywhere else.">
      <ResetPasswordForm token={params.get('token') ?? ''} />
    </AuthLayout>
  );
}
