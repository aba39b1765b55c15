import { QueryView } from '@/web/components/query-view';
import { useAdminContent } from '@/web/api/content';
import { AdminPage } from '@/web/features/back-office/shell/admin-page';
import { ContentForm } from '@/web/features/back-office/content/content-form';
import { LogoCard } from '@/web/features/back-office/content/logo-card';
import { useDocumentTitle } from '@/web/lib/use-document-title';

export function Component() {
  useDocumentTitle('Content');
  const { data, isError } = useAdminContent();
  return (
    <AdminPage title="Content" description="The texts of the public pages. Until you save, honest defaults are shown.">
      <QueryView data={data} isError={isError} errorText="The content could not be loaded." loadingLabel="Loading the content" skeletonClassName="h-96">
        {(content) => <ContentForm initial={content} />}
      </QueryView>
      <LogoCard />
    </AdminPage>
  );
}
