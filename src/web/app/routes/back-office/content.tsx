import { Skeleton } from '@/web/components/ui/skeleton';
import { useAdminContent } from '@/web/api/admin/content';
import { AdminPage } from '@/web/features/back-office/components/admin-page';
import { ContentForm } from '@/web/features/back-office/components/content-form';
import { useDocumentTitle } from '@/web/lib/use-document-title';

export function Component() {
  useDocumentTitle('Content');
  const { data, isError } = useAdminContent();
  return (
    <AdminPage title="Content" description="The texts of the public pages. Until you save, honest defaults are shown.">
      {data ? (
        <ContentForm initial={data} />
      ) : isError ? (
        <p role="alert" className="text-destructive">
          The content could not be loaded.
        </p>
      ) : (
        <Skeleton className="h-96" aria-busy="true" aria-label="Loading the content" />
      )}
    </AdminPage>
  );
}
