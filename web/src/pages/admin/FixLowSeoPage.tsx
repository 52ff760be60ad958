import { useState } from 'react';
import type { LowSeoFixResult } from '@neuralbeat/common/contracts';
import { SEO_SCORE_THRESHOLD } from '@neuralbeat/common/contracts/browser';
import { Button, Container, Muted, PageHeading } from '../../components/ui';
import { Seo } from '../../seo/Seo';
import { useFixLowSeo } from './api';
import { Alert, BackLink, DataTable, DryRunSwitch, Panel, Stat, StatGrid, StatusBadge } from './components/AdminUi';

/** /admin/fix-low-seo: pending articles below the SEO threshold become skipped with attempts at 3. */
export default function FixLowSeoPage() {
  const fix = useFixLowSeo();
  const [dryRun, setDryRun] = useState(true);
  const [result, setResult] = useState<LowSeoFixResult | null>(null);

  const handleRun = () => fix.mutate({ dryRun }, { onSuccess: setResult, onError: () => setResult(null) });

  return (
    <Container>
      <Seo title="Fix Low SEO Articles" noindex />
      <BackLink />
      <PageHeading>Fix Low SEO Articles</PageHeading>
      <Muted>
        Articles with an SEO score below {SEO_SCORE_THRESHOLD} that are still pending get processing_status <code>skipped</code> and
        processing_attempts 3, so the generation pipeline ignores them.
      </Muted>
      <Alert tone="warning" title="Run a dry run first">
        Preview which articles would change before updating them; a live run cannot be undone from here.
      </Alert>
      <Panel>
        <DryRunSwitch checked={dryRun} onChange={setDryRun} disabled={fix.isPending} />
        <p>
          <Button type="button" onClick={handleRun} disabled={fix.isPending}>
            {fix.isPending ? 'Processing...' : dryRun ? 'Preview Changes' : 'Fix Low SEO Articles'}
          </Button>
        </p>
        {fix.isError && <Alert tone="error">{fix.error.message || 'An error occurred while fixing low SEO articles'}</Alert>}
      </Panel>
      {result && (
        <Panel title="Result" id="low-seo-result">
          <Alert tone={result.dryRun ? 'info' : 'success'}>{result.message}</Alert>
          <StatGrid>
            <Stat label="Total Articles" value={result.totalArticles} testId="low-seo-total" />
            <Stat label="Updated" value={result.dryRun ? '(Dry Run)' : result.updatedCount} testId="low-seo-updated" />
          </StatGrid>
          {result.sampleArticles.length > 0 && (
            <DataTable label="Sample articles" columns={['ID', 'Title', { label: 'SEO Score', num: true }, 'Status']}>
              {result.sampleArticles.map((a) => (
                <tr key={a.id}>
                  <td>{a.id}</td>
                  <td>{a.title}</td>
                  <td className="num">{a.seo_score}</td>
                  <td>{result.dryRun ? <span>{a.processing_status} → skipped</span> : <StatusBadge status="skipped" />}</td>
                </tr>
              ))}
            </DataTable>
          )}
        </Panel>
      )}
    </Container>
  );
}
