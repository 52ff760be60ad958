import { useState } from 'react';
import type { PublishedStatusFixResult } from '@neuralbeat/common/contracts';
import { Button, Container, Muted, PageHeading } from '../../components/ui';
import { useToast } from '../../components/toast/ToastProvider';
import { Seo } from '../../seo/Seo';
import { useFixPublishedStatuses } from './api';
import { BackLink, DryRunSwitch, ModeBanner, Panel, StatusBadge, Summary, Table, TableScroll } from './components/AdminUi';

/** /admin/fix-status: articles in the news feed whose status is not completed. */
export default function FixStatusPage() {
  const fix = useFixPublishedStatuses();
  const toast = useToast();
  const [dryRun, setDryRun] = useState(true);
  const [result, setResult] = useState<{ data: PublishedStatusFixResult; dryRun: boolean } | null>(null);

  const handleRun = () => {
    const body = { dryRun };
    fix.mutate(body, {
      onSuccess: (data) => {
        setResult({ data, dryRun: body.dryRun });
        if (!data.results || data.results.total === 0) {
          toast({
            title: 'No articles need fixing',
            description: data.message || 'All articles already have the correct status',
            variant: 'info',
          });
        } else {
          toast({ title: body.dryRun ? 'Dry run completed' : 'Fix completed', description: data.message, variant: 'success' });
        }
      },
      onError: () => toast({ title: 'Error', description: 'Failed to fix article statuses', variant: 'destructive' }),
    });
  };

  return (
    <Container>
      <Seo title="Fix Article Status Mismatches" noindex />
      <PageHeading>Fix Article Status Mismatches</PageHeading>
      <Muted>
        Articles that are in the news feed but whose own status is not completed (for example after a failed database transaction) are
        marked published and completed.
      </Muted>
      <Panel>
        <DryRunSwitch checked={dryRun} onChange={setDryRun} disabled={fix.isPending} />
        <ModeBanner dryRun={dryRun} live="Mismatched articles are permanently marked published and completed." />
        <Button type="button" onClick={handleRun} disabled={fix.isPending}>
          {dryRun ? 'Preview Status Fixes (Dry Run)' : 'Fix Article Statuses (LIVE UPDATE)'}
        </Button>
      </Panel>
      {result && result.data.results && (
        <Panel title="Results" id="fix-results">
          {result.data.results.articles.length === 0 ? (
            <p>No mismatched articles found</p>
          ) : (
            <>
              <Summary data-testid="fix-summary">
                {result.dryRun
                  ? `Found ${result.data.results.total} articles that would be fixed`
                  : `Successfully fixed ${result.data.results.processed} out of ${result.data.results.total} articles`}
              </Summary>
              <TableScroll>
                <Table>
                  <thead>
                    <tr>
                      <th>ID</th>
                      <th>Title</th>
                      <th>Current Status</th>
                      <th>News Feed ID</th>
                    </tr>
                  </thead>
                  <tbody>
                    {result.data.results.articles.map((a) => (
                      <tr key={a.id}>
                        <td>{a.id}</td>
                        <td>{a.title}</td>
                        <td>
                          {result.dryRun ? (
                            <StatusBadge status={a.oldStatus} tone="amber" />
                          ) : (
                            <StatusBadge status="completed" tone="green" />
                          )}
                        </td>
                        <td>{a.newsFeedId}</td>
                      </tr>
                    ))}
                  </tbody>
                </Table>
              </TableScroll>
            </>
          )}
        </Panel>
      )}
      <BackLink />
    </Container>
  );
}
