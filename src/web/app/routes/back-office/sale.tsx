import { QueryView } from '@/web/components/query-view';
import { useAdminSale } from '@/web/api/sale';
import { useReferralSettings } from '@/web/api/referrals';
import { useEligibilitySettings } from '@/web/api/eligibility';
import { useIdentitySettings } from '@/web/api/identity';
import { CountrySettingsForm } from '@/web/features/back-office/sale/country-settings-form';
import { IdentitySettingsForm } from '@/web/features/back-office/sale/identity-settings-form';
import { ReferralSettingsForm } from '@/web/features/back-office/referrals/referral-settings-form';
import { AdminPage } from '@/web/features/back-office/shell/admin-page';
import { SaleForm } from '@/web/features/back-office/sale/sale-form';
import { StagesSection } from '@/web/features/back-office/sale/stages-section';
import { useDocumentTitle } from '@/web/lib/use-document-title';

export function Component() {
  useDocumentTitle('Sale');
  const { data, isError } = useAdminSale();
  const referral = useReferralSettings();
  const countries = useEligibilitySettings();
  const identity = useIdentitySettings();
  return (
    <AdminPage title="Sale" description="The sale's token, caps, schedule, stages, referral rewards, restricted countries and identity checks. The landing page and the order rules follow these settings.">
      <QueryView data={data} isError={isError} errorText="The sale settings could not be loaded." loadingLabel="Loading the sale settings" skeletonClassName="h-96">
        {(settings) => (
          <div className="grid gap-6">
            <SaleForm key={settings.updatedAt} settings={settings} />
            <StagesSection key={`stages-${settings.updatedAt}`} stages={settings.stages} unsoldStageTokens={settings.unsoldStageTokens} symbol={settings.tokenSymbol} />
            <QueryView data={referral.data} isError={referral.isError} errorText="The referral settings could not be loaded." loadingLabel="Loading the referral settings" skeletonClassName="h-48">
              {(referralSettings) => <ReferralSettingsForm settings={referralSettings} />}
            </QueryView>
            <QueryView data={countries.data} isError={countries.isError} errorText="The country settings could not be loaded." loadingLabel="Loading the country settings" skeletonClassName="h-48">
              {(countrySettings) => <CountrySettingsForm key={countrySettings.reviewedAt ?? 'default'} settings={countrySettings} />}
            </QueryView>
            <QueryView data={identity.data} isError={identity.isError} errorText="The identity check settings could not be loaded." loadingLabel="Loading the identity check settings" skeletonClassName="h-48">
              {(identitySettings) => <IdentitySettingsForm key={identitySettings.updatedAt ?? 'default'} settings={identitySettings} />}
            </QueryView>
          </div>
        )}
      </QueryView>
    </AdminPage>
  );
}
