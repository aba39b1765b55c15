import { QueryView } from '@/web/components/query-view';
import { useAdminSale } from '@/web/api/sale';
import { AdminPage } from '@/web/features/back-office/shell/admin-page';
import { SaleForm } from '@/web/features/back-office/sale/sale-form';
import { StagesSection } from '@/web/features/back-office/sale/stages-section';
import { useDocumentTitle } from '@/web/lib/use-document-title';

export function Component() {
  useDocumentTitle('Sale');
  const { data, isError } = useAdminSale();
  return (
    <AdminPage title="Sale" description="The sale's token, caps, schedule and stages. The landing page and the order rules follow these settings.">
      <QueryView data={data} isError={isError} errorText="The sale settings could not be loaded." loadingLabel="Loading the sale settings" skeletonClassName="h-96">
        {(settings) => (
          <div className="grid gap-6">
            <SaleForm key={settings.updatedAt} settings={settings} />
            <StagesSection key={`stages-${settings.updatedAt}`} stages={settings.stages} unsoldStageTokens={settings.unsoldStageTokens} symbol={settings.tokenSymbol} />
          </div>
        )}
      </QueryView>
    </AdminPage>
  );
}
