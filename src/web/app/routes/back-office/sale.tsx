import { Skeleton } from '@/web/components/ui/skeleton';
import { useAdminSale } from '@/web/api/admin/sale';
import { AdminPage } from '@/web/features/back-office/components/admin-page';
import { SaleForm } from '@/web/features/back-office/components/sale-form';
import { useDocumentTitle } from '@/web/lib/use-document-title';

export function Component() {
  useDocumentTitle('Sale');
  const { data, isError } = useAdminSale();
  return (
    <AdminPage title="Sale" description="The sale's token, caps and schedule. The landing page and the order rules follow these settings.">
      {data ? (
        <SaleForm key={data.updatedAt} settings={data} />
      ) : isError ? (
        <p role="alert" className="text-destructive">
          The sale settings could not be loaded.
        </p>
      ) : (
        <Skeleton className="h-96" aria-busy="true" aria-label="Loading the sale settings" />
      )}
    </AdminPage>
  );
}
