import { useEffect, useState } from 'react';
import { Link, Navigate, useNavigate, useParams } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import styled from 'styled-components';
import {
  RELATED_EXCERPT_LENGTH,
  SLUG_FALLBACK_ARTICLES,
  SLUG_FALLBACK_MIN_WORD_LENGTH,
  displayTag,
  newsArticleJsonLd,
  screenApi,
} from '@neuralbeat/common/contracts/browser';
import type { NewsListResponse, NewsResponse, SingleArticleResponse } from '@neuralbeat/common/contracts';
import { ApiError, apiGet } from '../../api/client';
import { Seo, absoluteUrl } from '../../seo/Seo';
import { Badge, Button, Container, EmptyState, Skeleton } from '../../components/ui';
import { Breadcrumb, breadcrumbJsonLd } from '../../components/Breadcrumb';
import { ShareLinks } from '../../components/ShareLinks';
import { SourceCredit, categoryColor, providerLabel, tagPath } from '../../components/news/NewsCard';
import { formatDate } from '../../lib/format';
import { AlsoReportedBy } from './AlsoReportedBy';
import { FallbackImage } from '../../components/FallbackImage';
import { ImagePlaceholder } from '../../components/brand';

const slugWords = (slug: string) =>
  slug
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((w) => w.length >= SLUG_FALLBACK_MIN_WORD_LENGTH);

/** The latest article whose slug shares the most long words with the one asked for, if any. */
export function bestSlugMatch(wanted: string, candidates: string[]): string | null {
  const words = new Set(slugWords(wanted));
  let best: { slug: string; score: number } | null = null;
  for (const slug of candidates) {
    const score = slugWords(slug).filter((w) => words.has(w)).length;
    if (score > 0 && (!best || score > best.score)) best = { slug, score };
  }
  return best?.slug ?? null;
}

const cut = (text: string, max: number) => (text.length > max ? `${text.slice(0, max).trimEnd()}…` : text);

function ArticleNotFound({ slug }: { slug: string }) {
  const navigate = useNavigate();
  const [searching, setSearching] = useState(true);
  useEffect(() => {
    let cancelled = false;
    apiGet<NewsListResponse>(`/api/news?limit=${SLUG_FALLBACK_ARTICLES}`)
      .then((res) => {
        if (cancelled) return;
        const match = bestSlugMatch(
          slug,
          res.articles.map((a) => a.slug),
        );
        if (match && match !== slug) navigate(`/news/${match}`, { replace: true });
        else setSearching(false);
      })
      .catch(() => !cancelled && setSearching(false));
    return () => {
      cancelled = true;
    };
  }, [slug, navigate]);
  if (searching) return <ArticleSkeleton />;
  return (
    <EmptyState>
      <Seo title="Article not found" noindex />
      <h1>Article not found</h1>
      <p>The article you're looking for doesn't exist or has been removed.</p>
      <Button as={Link} to="/news">
        Back to News
      </Button>
    </EmptyState>
  );
}

function ArticleSkeleton() {
  return (
    <div aria-busy="true">
      <Skeleton $width="30%" style={{ margin: '1.5rem 0' }} />
      <Skeleton $height="2.5rem" />
      <Skeleton $height="auto" style={{ aspectRatio: '16 / 9', margin: '1.5rem 0' }} />
      <Skeleton $height="10rem" />
    </div>
  );
}

function ArticleView({ data }: { data: SingleArticleResponse }) {
  const { article, aiInfo, relatedArticles } = data;
  const crumbs = [
    { label: 'Home', to: '/' },
    { label: 'News', to: '/news' },
    { label: article.category, to: tagPath(article.category) },
    { label: article.title },
  ];
  const url = absoluteUrl(`/news/${article.slug}`);
  return (
    <article>
      <Seo
        title={article.title}
        description={article.excerpt}
        path={`/news/${article.slug}`}
        image={article.imageUrl}
        type="article"
        jsonLd={[newsArticleJsonLd(article, absoluteUrl), breadcrumbJsonLd(crumbs, absoluteUrl)]}
      />
      <Breadcrumb items={crumbs} />
      <Header>
        <h1>{article.title}</h1>
        <Meta>
          <Link to={tagPath(article.category)}>
            <Badge $color={categoryColor(article.category)}>{article.category}</Badge>
          </Link>
          <time dateTime={article.publishDate}>{formatDate(article.publishDate)}</time>
          <span>By {article.author}</span>
        </Meta>
        {article.tags.length > 0 && (
          <Tags>
            {article.tags.map((t) => (
              <Link key={t} to={tagPath(t)}>
                #{displayTag(t)}
              </Link>
            ))}
          </Tags>
        )}
      </Header>
      {article.imageUrl && (
        <Figure>
          <FallbackImage src={article.imageUrl} alt={article.title} fallback={<ImagePlaceholder iconSize={72} />} />
        </Figure>
      )}
      <Lead>{article.excerpt}</Lead>
      <Prose dangerouslySetInnerHTML={{ __html: article.content }} />
      <Provenance>
        <SourceCredit article={{ ...article, aiProvider: null }} />
        <p>
          {aiInfo.provider
            ? `This summary was produced by ${providerLabel(aiInfo.provider)}${aiInfo.aiGenerated ? ' (AI-generated)' : ' from sentences of the original article'}.`
            : 'Produced before provider tracking (Legacy).'}
        </p>
      </Provenance>
      <AlsoReportedBy reports={data.alsoReportedBy} />
      <ShareLinks url={url} title={article.title} />
      {relatedArticles.length > 0 && (
        <Related aria-labelledby="related-heading">
          <h2 id="related-heading">Related News</h2>
          <ul>
            {relatedArticles.map((r) => (
              <li key={r.id}>
                <Link to={`/news/${r.slug}`}>{r.title}</Link>
                <p>{cut(r.excerpt, RELATED_EXCERPT_LENGTH)}</p>
              </li>
            ))}
          </ul>
        </Related>
      )}
    </article>
  );
}

/** /news/{param}: param is a numeric id or a slug. */
export default function NewsArticlePage() {
  const { param = '' } = useParams();
  const query = useQuery<NewsResponse, ApiError>({ queryKey: [screenApi.article(param)] });
  let body;
  if (query.isPending) body = <ArticleSkeleton />;
  else if (query.isError) {
    body =
      query.error.status === 404 ? (
        <ArticleNotFound slug={param} />
      ) : (
        <EmptyState role="alert">
          <Seo title="Not Found" noindex />
          <h1>Not Found</h1>
          <p>{query.error.message}</p>
          <Button as={Link} to="/news">
            Go to News
          </Button>
        </EmptyState>
      );
  } else if (query.data.type !== 'article') body = <Navigate to="/news" replace />;
  else if (query.data.article.slug !== param) body = <Navigate to={`/news/${query.data.article.slug}`} replace />;
  else body = <ArticleView data={query.data} />;
  return <Narrow>{body}</Narrow>;
}

const Narrow = styled(Container)`
  max-width: 820px;
`;
const Header = styled.header`
  h1 {
    font-size: clamp(1.75rem, 4vw, 2.5rem);
    margin: 0 0 1rem;
  }
`;
const Meta = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 0.75rem;
  align-items: center;
  color: ${(p) => p.theme.colors.muted};
  font-size: 0.9rem;
`;
const Tags = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 0.75rem;
  margin-top: 0.75rem;
  a {
    text-decoration: none;
    font-size: 0.9rem;
  }
`;
const Figure = styled.figure`
  margin: 1.5rem 0;
  aspect-ratio: 16 / 9;
  background: ${(p) => p.theme.colors.surfaceAlt};
  border-radius: ${(p) => p.theme.radius.lg};
  overflow: hidden;
  img {
    width: 100%;
    height: 100%;
    object-fit: cover;
  }
`;
const Lead = styled.p`
  font-size: 1.2rem;
  color: ${(p) => p.theme.colors.muted};
`;
const Prose = styled.div`
  font-size: 1.075rem;
  line-height: 1.75;
  overflow-wrap: anywhere;
  img {
    height: auto;
  }
  blockquote {
    border-left: 4px solid ${(p) => p.theme.colors.border};
    margin-left: 0;
    padding-left: 1rem;
    color: ${(p) => p.theme.colors.muted};
  }
`;
const Provenance = styled.aside`
  margin-top: 2rem;
  padding: 1rem 1.25rem;
  background: ${(p) => p.theme.colors.surface};
  border-radius: ${(p) => p.theme.radius.md};
  font-size: 0.9rem;
  p {
    margin: 0.25rem 0;
  }
`;
const Related = styled.section`
  border-top: 1px solid ${(p) => p.theme.colors.border};
  padding-top: 1.5rem;
  ul {
    list-style: none;
    padding: 0;
    display: grid;
    gap: 1rem;
  }
  a {
    font-weight: 600;
    color: ${(p) => p.theme.colors.text};
  }
  p {
    margin: 0.25rem 0 0;
    color: ${(p) => p.theme.colors.muted};
  }
`;
