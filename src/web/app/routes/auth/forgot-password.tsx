// Password reset, step 1 (issue 14): the buyer's address, for a link by e-mail.
import { AuthLayout } from '@/web/components/layouts/auth-layout';
import { ForgotPasswordForm } from '@/web/features/auth/components/forgot-password-form';
import { useDocumentTitle } from '@/web/lib/use-document-title';

export function Component() {
  useDocumentTitle('Forgot password');
  return (
    <AuthLayout title="Forgot your password?" description="Enter your account's e-mail address and we will send you a link to set a new one.">
      <ForgotPasswordForm />
    </AuthLayout>
  );
}
