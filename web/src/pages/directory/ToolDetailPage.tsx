import { Link, useParams } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import styled from 'styled-components';
import { screenApi, softwareApplicationJsonLd } from '@neuralbeat/common/contracts/browser';
import type { Tool, ToolSummary } from '@neuralbeat/common/contracts';
import type { ApiError } from '../../api/client';
import { Seo, absoluteUrl } from '../../seo/Seo';
import { Badge, Button, Container, EmptyState, Grid } from '../../components/ui';
import { Breadcrumb, breadcrumbJsonLd } from '../../components/Breadcrumb';
import { DetailSkeleton } from '../../components/DetailSkeleton';
import { ToolCard } from '../../components/tools/ToolCard';

export default function ToolDetailPage() {
  const { slug = '' } = useParams();
  const tool = useQuery<Tool, ApiError>({ queryKey: [screenApi.tool(slug)] });
  const similar = useQuery<ToolSummary[]>({ queryKey: [screenApi.similarTools(slug)], enabled: tool.isSuccess });

  if (tool.isPending) return <DetailSkeleton />;
  if (tool.isError) {
    return (
      <Container>
        <Seo title="Tool not found" noindex />
        <EmptyState>
          <h1>Tool not found</h1>
          <p>{tool.error.status === 404 ? "The tool you're looking for doesn't exist or has been removed." : tool.error.message}</p>
          <Button as={Link} to="/directory">
            Back to Directory
          </Button>
        </EmptyState>
      </Container>
    );
  }
  const t = tool.data;
  const crumbs = [
    { label: 'Home', to: '/' },
    { label: 'Directory', to: '/directory' },
    { label: t.category, to: `/directory?category=${encodeURIComponent(t.category)}` },
    { label: t.name },
  ];
  return (
    <Container>
      <Seo
        title={`${t.name} — ${t.category}`}
        description={t.shortDescription}
        path={`/directory/${t.slug}`}
        image={t.logoUrl}
        jsonLd={[softwareApplicationJsonLd(t), breadcrumbJsonLd(crumbs, absoluteUrl)]}
      />
      <Breadcrumb items={crumbs} />
      <Layout>
        <main>
          <h1>{t.name}</h1>
          <Lead>{t.shortDescription}</Lead>
          <Tags>
            {t.tags.map((tag) => (
              <Badge key={tag}>{tag}</Badge>
            ))}
          </Tags>
          <Button as="a" href={t.websiteUrl} target="_blank" rel="noopener noreferrer">
            Visit Website ↗
          </Button>
          <h2>About</h2>
          <p>{t.description}</p>
          {t.features.length > 0 && (
            <>
              <h2>Key Features</h2>
              <ul>
                {t.features.map((f) => (
                  <li key={f}>{f}</li>
                ))}
              </ul>
            </>
          )}
        </main>
        <Aside aria-label="Tool details">
          <dl>
            <dt>Category</dt>
            <dd>
              <Link to={`/directory?category=${encodeURIComponent(t.category)}`}>{t.category}</Link>
            </dd>
            <dt>Pricing</dt>
            <dd>{t.pricing ?? 'Not specified'}</dd>
          </dl>
          <small>
            Disclaimer: NeuralBeat is not affiliated with {t.name}. Details may change; check the official website for current features and
            pricing.
          </small>
        </Aside>
      </Layout>
      {similar.data && similar.data.length > 0 && (
        <section aria-labelledby="similar-heading">
          <h2 id="similar-heading">Similar Tools</h2>
          <Grid $min="240px">
            {similar.data.map((s) => (
              <ToolCard key={s.id} tool={s} />
            ))}
          </Grid>
        </section>
      )}
    </Container>
  );
}

const Layout = styled.div`
  display: grid;
  gap: 2rem;
  grid-template-columns: minmax(0, 1fr);
  @media (min-width: 900px) {
    grid-template-columns: minmax(0, 2fr) minmax(16rem, 1fr);
  }
  h1 {
    margin: 0;
    font-size: clamp(1.75rem, 4vw, 2.5rem);
  }
`;
const Lead = styled.p`
  font-size: 1.15rem;
  color: ${(p) => p.theme.colors.muted};
`;
const Tags = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 0.4rem;
  margin-bottom: 1rem;
`;
const Aside = styled.aside`
  border: 1px solid ${(p) => p.theme.colors.border};
  border-radius: ${(p) => p.theme.radius.lg};
  padding: 1.25rem;
  align-self: start;
  dt {
    font-weight: 600;
    font-size: 0.85rem;
    color: ${(p) => p.theme.colors.muted};
  }
  dd {
    margin: 0 0 1rem;
  }
  small {
    color: ${(p) => p.theme.colors.muted};
  }
`;
