// Buyer sign-in (PRODUCT.md §4).
import { useSearchParams } from 'react-router';
import { AuthLayout } from '@/web/components/layouts/auth-layout';
import { LoginForm } from '@/web/features/auth/components/login-form';
import { useDocumentTitle } from '@/web/lib/use-document-title';

export function Component() {
  useDocumentTitle('Login');
  const [params] = useSearchParams();
  return (
    <AuthLayout title="Welcome back" description="Sign in to buy tokens and follow your orders.">
      <LoginForm next={params.get('next')} />
    </AuthLayout>
  );
}
