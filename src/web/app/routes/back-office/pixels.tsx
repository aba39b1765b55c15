import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/web/components/ui/card';
import { Can } from '@/web/features/back-office/shell/can';
import { AddPixelForm } from '@/web/features/back-office/pixels/add-pixel-form';
import { AdminPage } from '@/web/features/back-office/shell/admin-page';
import { PixelList } from '@/web/features/back-office/pixels/pixel-list';
import { useDocumentTitle } from '@/web/lib/use-document-title';

export function Component() {
  useDocumentTitle('Pixels');
  return (
    <AdminPage title="Manage API Keys" description="Tracking pixels load only on pages under their location, and only for visitors who accept analytics cookies.">
      <Card className="max-w-2xl">
        <CardHeader>
          <CardTitle>Add an API key</CardTitle>
          <CardDescription>The API Key is the pixel id (for example a Meta Pixel id).</CardDescription>
        </CardHeader>
        <CardContent>
          <Can need="manage">
            <AddPixelForm />
          </Can>
        </CardContent>
      </Card>
      <PixelList />
    </AdminPage>
  );
}
