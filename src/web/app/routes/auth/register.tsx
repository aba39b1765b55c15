// Buyer registration (PRODUCT.md §4).
import { useSearchParams } from 'react-router';
import { AuthLayout } from '@/web/components/layouts/auth-layout';
import { RegisterForm } from '@/web/features/auth/components/register-form';
import { useDocumentTitle } from '@/web/lib/use-document-title';

export function Component() {
  useDocumentTitle('Register');
  const [params] = useSearchParams();
  return (
    <AuthLayout title="Create your account" description="Register to take part in the presale.">
      <RegisterForm next={params.get('next')} />
    </AuthLayout>
  );
}
