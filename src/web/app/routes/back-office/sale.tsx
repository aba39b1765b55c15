import { QueryView } from '@/web/components/query-view';
import { useAdminSale } from '@/web/api/sale';
import { AdminPage } from '@/web/features/back-office/shell/admin-page';
import { SaleForm } from '@/web/features/back-office/sale/sale-form';
import { useDocumentTitle } from '@/web/lib/use-document-title';

export function Component() {
  useDocumentTitle('Sale');
  const { data, isError } = useAdminSale();
  return (
    <AdminPage title="Sale" description="The sale's token, caps and schedule. The landing page and the order rules follow these settings.">
      <QueryView data={data} isError={isError} errorText="The sale settings could not be loaded." loadingLabel="Loading the sale settings" skeletonClassName="h-96">
        {(settings) => <SaleForm key={settings.updatedAt} settings={settings} />}
      </QueryView>
    </AdminPage>
  );
}
