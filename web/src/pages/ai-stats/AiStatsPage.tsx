import { useQuery } from '@tanstack/react-query';
import styled from 'styled-components';
import { AI_GENERATING_PROVIDERS, STATIC_PAGES, screenApi } from '@neuralbeat/common/contracts/browser';
import type { AiStats } from '@neuralbeat/common/contracts';
import { Seo } from '../../seo/Seo';
import { Card, Container, EmptyState, Grid, Muted, PageHeading, Skeleton } from '../../components/ui';

/** Red below 30%, amber below 70%, otherwise green. */
export const seoBarState = (pct: number) => (pct < 30 ? 'red' : pct < 70 ? 'amber' : 'green');
const BAR_COLORS = { red: '#dc2626', amber: '#d97706', green: '#16a34a' };

export default function AiStatsPage() {
  const stats = useQuery<AiStats>({ queryKey: [screenApi.aiStats] });
  const meta = STATIC_PAGES['/ai-stats'];
  return (
    <Container>
      <Seo title={meta.title} description={meta.description} path="/ai-stats" noindex />
      <PageHeading>AI Content Statistics</PageHeading>
      <Muted>How our news is produced: which providers rewrote it and how far SEO optimisation has come.</Muted>
      {stats.isPending ? (
        <Grid aria-busy="true">
          {Array.from({ length: 3 }, (_, i) => (
            <Skeleton key={i} $height="7rem" />
          ))}
        </Grid>
      ) : stats.isError ? (
        <EmptyState role="alert">
          <p>Unable to load AI provider statistics at this time.</p>
        </EmptyState>
      ) : (
        <StatsView stats={stats.data} />
      )}
    </Container>
  );
}

function StatsView({ stats }: { stats: AiStats }) {
  const aiGenerated = stats.providers
    .filter((p) => (AI_GENERATING_PROVIDERS as readonly string[]).includes(p.id))
    .reduce((sum, p) => sum + p.articleCount, 0);
  const pct = stats.seo.optimizationPercentage;
  const state = seoBarState(pct);
  return (
    <>
      <Grid $min="200px" style={{ marginTop: '1.5rem' }}>
        <Stat>
          <span>Total articles</span>
          <strong data-testid="total-articles">{stats.totalArticles}</strong>
        </Stat>
        <Stat>
          <span>AI providers</span>
          <strong data-testid="provider-count">{stats.providers.length}</strong>
        </Stat>
        <Stat>
          <span>Known AI generated</span>
          <strong data-testid="ai-generated">{aiGenerated}</strong>
        </Stat>
      </Grid>
      <Block aria-labelledby="providers-heading">
        <h2 id="providers-heading">By provider</h2>
        {stats.providers.length === 0 ? (
          <Muted>No articles yet.</Muted>
        ) : (
          <Providers>
            {stats.providers.map((p) => (
              <li key={p.id} data-provider={p.id}>
                <div>
                  <strong>{p.name}</strong>
                  <span>
                    {p.percentage}% · {p.articleCount} articles
                  </span>
                </div>
                <Track aria-hidden="true">
                  <Fill style={{ width: `${p.percentage}%`, background: '#4f46e5' }} />
                </Track>
              </li>
            ))}
          </Providers>
        )}
        <Muted>“Legacy (Unknown)” means content generated before provider tracking.</Muted>
      </Block>
      <Block aria-labelledby="seo-heading">
        <h2 id="seo-heading">SEO optimization</h2>
        <p>
          <strong data-testid="seo-percentage">{pct}%</strong> of articles are SEO optimized
        </p>
        <Track
          role="progressbar"
          aria-valuenow={pct}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-label="SEO optimization"
          data-state={state}
        >
          <Fill style={{ width: `${pct}%`, background: BAR_COLORS[state] }} />
        </Track>
        <Statuses>
          {(['pending', 'processing', 'completed', 'failed'] as const).map((s) => (
            <div key={s}>
              <span>{s}</span>
              <strong data-testid={`seo-${s}`}>{stats.seo.statuses[s]}</strong>
            </div>
          ))}
        </Statuses>
      </Block>
    </>
  );
}

const Stat = styled(Card)`
  padding: 1.25rem;
  span {
    color: ${(p) => p.theme.colors.muted};
    font-size: 0.9rem;
  }
  strong {
    font-size: 2rem;
  }
`;
const Block = styled.section`
  margin: 2.5rem 0;
`;
const Providers = styled.ul`
  list-style: none;
  padding: 0;
  display: grid;
  gap: 1rem;
  li > div {
    display: flex;
    justify-content: space-between;
    margin-bottom: 0.35rem;
  }
  span {
    color: ${(p) => p.theme.colors.muted};
  }
`;
const Track = styled.div`
  height: 0.75rem;
  background: ${(p) => p.theme.colors.surfaceAlt};
  border-radius: 999px;
  overflow: hidden;
`;
const Fill = styled.div`
  height: 100%;
  border-radius: 999px;
`;
const Statuses = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(8rem, 1fr));
  gap: 1rem;
  margin-top: 1.25rem;
  div {
    display: flex;
    flex-direction: column;
    padding: 0.75rem 1rem;
    border: 1px solid ${(p) => p.theme.colors.border};
    border-radius: ${(p) => p.theme.radius.md};
  }
  span {
    text-transform: capitalize;
    color: ${(p) => p.theme.colors.muted};
  }
`;
