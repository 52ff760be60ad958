import { Link, useParams } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import styled from 'styled-components';
import { learningResourceJsonLd, screenApi } from '@neuralbeat/common/contracts/browser';
import type { Resource } from '@neuralbeat/common/contracts';
import type { ApiError } from '../../api/client';
import { Seo, absoluteUrl } from '../../seo/Seo';
import { Badge, Button, Container, EmptyState } from '../../components/ui';
import { Breadcrumb, breadcrumbJsonLd } from '../../components/Breadcrumb';
import { DetailSkeleton } from '../../components/DetailSkeleton';
import { ShareLinks } from '../../components/ShareLinks';
import { Prose } from '../../components/Prose';
import { formatDate } from '../../lib/format';
import { levelColor } from '../../app/theme';
import { FallbackImage } from '../../components/FallbackImage';
import { ImagePlaceholder } from '../../components/brand';

export default function ResourceDetailPage() {
  const { slug = '' } = useParams();
  const q = useQuery<Resource, ApiError>({ queryKey: [screenApi.resource(slug)] });
  if (q.isPending) return <DetailSkeleton />;
  if (q.isError) {
    return (
      <Narrow>
        <Seo title="Resource not found" noindex />
        <EmptyState>
          <h1>Resource not found</h1>
          <p>{q.error.status === 404 ? "The resource you're looking for doesn't exist or has been removed." : q.error.message}</p>
          <Button as={Link} to="/learn">
            Back to Learning Resources
          </Button>
        </EmptyState>
      </Narrow>
    );
  }
  const r = q.data;
  const crumbs = [{ label: 'Home', to: '/' }, { label: 'Learn', to: '/learn' }, { label: r.title }];
  const url = absoluteUrl(`/learn/${r.slug}`);
  return (
    <Narrow>
      <Seo
        title={r.title}
        description={r.summary}
        path={`/learn/${r.slug}`}
        image={r.imageUrl}
        type="article"
        jsonLd={[learningResourceJsonLd(r, absoluteUrl), breadcrumbJsonLd(crumbs, absoluteUrl)]}
      />
      <Breadcrumb items={crumbs} />
      <Meta>
        <Badge $color={levelColor(r.difficultyLevel)}>{r.difficultyLevel}</Badge>
        <time dateTime={r.publishedAt}>{formatDate(r.publishedAt)}</time>
      </Meta>
      <h1>{r.title}</h1>
      <Lead>{r.summary}</Lead>
      {r.imageUrl && (
        <Figure>
          <FallbackImage src={r.imageUrl} alt={r.title} fallback={<ImagePlaceholder iconSize={72} />} />
        </Figure>
      )}
      <Prose text={r.content} />
      {r.tags.length > 0 && (
        <Topics aria-labelledby="topics-heading">
          <h2 id="topics-heading">Related topics</h2>
          <div>
            {r.tags.map((t) => (
              <Link key={t} to={`/learn?tag=${encodeURIComponent(t)}`}>
                {t}
              </Link>
            ))}
          </div>
        </Topics>
      )}
      <ShareLinks url={url} title={r.title} />
      <Button as={Link} to="/learn" $variant="outline">
        Browse All Resources
      </Button>
    </Narrow>
  );
}

const Narrow = styled(Container)`
  max-width: 800px;
  h1 {
    font-size: clamp(1.75rem, 4vw, 2.5rem);
    margin: 0.5rem 0;
  }
`;
const Meta = styled.div`
  display: flex;
  gap: 0.75rem;
  align-items: center;
  color: ${(p) => p.theme.colors.muted};
  font-size: 0.9rem;
`;
const Lead = styled.p`
  font-size: 1.15rem;
  color: ${(p) => p.theme.colors.muted};
`;
const Figure = styled.figure`
  margin: 1.5rem 0;
  aspect-ratio: 16 / 9;
  overflow: hidden;
  border-radius: ${(p) => p.theme.radius.lg};
  img {
    width: 100%;
    height: 100%;
    object-fit: cover;
  }
`;
const Topics = styled.section`
  margin-top: 2rem;
  div {
    display: flex;
    flex-wrap: wrap;
    gap: 0.5rem;
  }
  a {
    padding: 0.3rem 0.8rem;
    border: 1px solid ${(p) => p.theme.colors.border};
    border-radius: 999px;
    text-decoration: none;
  }
`;
