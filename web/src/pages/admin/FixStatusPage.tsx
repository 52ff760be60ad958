import { useState } from 'react';
import { Button, Container, Muted, PageHeading } from '../../components/ui';
import { Seo } from '../../seo/Seo';
import { useFixPublishedStatuses } from './api';
import { BackLink, DataTable, DryRunSwitch, ModeBanner, Panel, StatusBadge, Summary } from './components/AdminUi';
import { useFixRun } from './components/useFixRun';

/** /admin/fix-status: articles in the news feed whose status is not completed. */
export default function FixStatusPage() {
  const fix = useFixPublishedStatuses();
  const [dryRun, setDryRun] = useState(true);
  const { result, run } = useFixRun(fix, {
    nothing: { title: 'No articles need fixing', description: 'All articles already have the correct status' },
    done: 'Fix completed',
    failed: 'Failed to fix article statuses',
  });
  const handleRun = () => run({ dryRun });

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
              <DataTable columns={['ID', 'Title', 'Current Status', 'News Feed ID']}>
                {result.data.results.articles.map((a) => (
                  <tr key={a.id}>
                    <td>{a.id}</td>
                    <td>{a.title}</td>
                    <td>
                      {result.dryRun ? <StatusBadge status={a.oldStatus} tone="amber" /> : <StatusBadge status="completed" tone="green" />}
                    </td>
                    <td>{a.newsFeedId}</td>
                  </tr>
                ))}
              </DataTable>
            </>
          )}
        </Panel>
      )}
      <BackLink />
    </Container>
  );
}
