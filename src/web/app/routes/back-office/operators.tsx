import { QueryView } from '@/web/components/query-view';
import { useTeam } from '@/web/api/operators';
import { AdminPage } from '@/web/features/back-office/shell/admin-page';
import { Team } from '@/web/features/back-office/team/team';
import { useDocumentTitle } from '@/web/lib/use-document-title';

export function Component() {
  useDocumentTitle('Operators');
  const { data, isError } = useTeam();
  return (
    <AdminPage title="Operators" description="Who runs the sale, and what each role may do. Owners add operators, change roles, disable and reset passwords.">
      <QueryView data={data} isError={isError} errorText="The operators could not be loaded." loadingLabel="Loading the operators" skeletonClassName="h-64">
        {(team) => <Team members={team.operators} requireTwoFactor={team.requireTwoFactor} />}
      </QueryView>
    </AdminPage>
  );
}
