// My Profile (PRODUCT.md §4): personal data, receiving wallet, password change, order updates by e-mail, two-factor sign-in, sessions.
import { TwoFactorCard } from '@/web/components/two-factor-card';
import { SessionsCard } from '@/web/components/sessions-card';
import { MailPreferences } from '@/web/features/dashboard/components/mail-preferences';
import { PasswordForm } from '@/web/features/dashboard/components/password-form';
import { ProfileForm } from '@/web/features/dashboard/components/profile-form';
import { ReceivingWalletForm } from '@/web/features/dashboard/components/receiving-wallet-form';
import { useSale } from '@/web/api/first-screen';
import { useBuyer } from '@/web/features/dashboard/hooks/use-buyer';
import { useDocumentTitle } from '@/web/lib/use-document-title';

export function Component() {
  useDocumentTitle('My Profile');
  const me = useBuyer();
  const { data: sale } = useSale();
  return (
    <div className="grid gap-6">
      <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">My Profile</h1>
      <div className="grid items-start gap-6 lg:grid-cols-2">
        <ProfileForm me={me} />
        <ReceivingWalletForm me={me} symbol={sale?.token.symbol ?? ''} saleOver={sale?.state === 'ended' || sale?.state === 'sold_out'} />
        <PasswordForm />
        <MailPreferences me={me} />
        <TwoFactorCard owner="buyer" />
        <SessionsCard owner="buyer" />
      </div>
    </div>
  );
}
