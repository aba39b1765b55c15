// Referrals (issue 31): top referrers, the rewards of each approved order, the cases flagged
// instead of rewarded, the CSV of every reward, and the campaign codes.
import { Download } from 'lucide-react';
import { Link } from 'react-router';
import { QueryView } from '@/web/components/query-view';
import { Button } from '@/web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/web/components/ui/card';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/web/components/ui/table';
import { referralsCsvUrl, useReferralReport } from '@/web/api/referrals';
import { CampaignCodesCard } from '@/web/features/back-office/referrals/campaign-codes-card';
import { RewardTable } from '@/web/features/back-office/referrals/reward-table';
import { AdminPage } from '@/web/features/back-office/shell/admin-page';
import { formatAmount } from '@/web/lib/format';
import { paths } from '@/web/lib/paths';
import { useDocumentTitle } from '@/web/lib/use-document-title';

export function Component() {
  useDocumentTitle('Referrals');
  const { data, isError } = useReferralReport();
  return (
    <AdminPage
      title="Referrals"
      description="What approved orders earned their buyers' referrers, from the ledger. The program's settings are on the Sale page."
      actions={
        <Button asChild variant="outline">
          <a href={referralsCsvUrl} download>
            <Download aria-hidden /> Export CSV
          </a>
        </Button>
      }
    >
      <QueryView data={data} isError={isError} errorText="The referrals could not be loaded." loadingLabel="Loading the referrals" skeletonClassName="h-96">
        {(report) => (
          <div className="grid gap-6">
            <CampaignCodesCard />
            <Card>
              <CardHeader>
                <CardTitle>Top referrers</CardTitle>
                <CardDescription>By the tokens their referrals earned them.</CardDescription>
              </CardHeader>
              <CardContent>
                {report.topReferrers.length === 0 ? (
                  <p className="text-muted-foreground text-sm">No referral rewards yet.</p>
                ) : (
                  <Table aria-label="Top referrers">
                    <TableHeader>
                      <TableRow>
                        <TableHead>Referrer</TableHead>
                        <TableHead className="text-right">Referred buyers</TableHead>
                        <TableHead className="text-right">Rewarded orders</TableHead>
                        <TableHead className="text-right">Tokens earned</TableHead>
                      </TableRow>
                    </TableHeader>
                    <TableBody>
                      {report.topReferrers.map((r) => (
                        <TableRow key={r.userId}>
                          <TableCell>
                            <Link className="underline-offset-4 hover:underline" to={paths.admin.user(r.userId)}>
                              {r.email}
                            </Link>
                          </TableCell>
                          <TableCell className="text-right">{r.referred}</TableCell>
                          <TableCell className="text-right">{r.rewardedOrders}</TableCell>
                          <TableCell className="text-right">{formatAmount(r.tokens)}</TableCell>
                        </TableRow>
                      ))}
                    </TableBody>
                  </Table>
                )}
              </CardContent>
            </Card>
            <Card>
              <CardHeader>
                <CardTitle>Flagged</CardTitle>
                <CardDescription>Orders that earned no reward: the buyer's own, or accounts sharing the registering address and the receiving wallet.</CardDescription>
              </CardHeader>
              <CardContent>
                <RewardTable rewards={report.flagged} label="Flagged referrals" empty="Nothing flagged." />
              </CardContent>
            </Card>
            <Card>
              <CardHeader>
                <CardTitle>Rewards per order</CardTitle>
                <CardDescription>Newest first.</CardDescription>
              </CardHeader>
              <CardContent>
                <RewardTable rewards={report.rewards} label="Rewards per order" empty="No referral rewards yet." />
              </CardContent>
            </Card>
          </div>
        )}
      </QueryView>
    </AdminPage>
  );
}
