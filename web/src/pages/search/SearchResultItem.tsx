import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { displayTag, type SearchKind, type SearchMatchField } from '@neuralbeat/common/contracts/browser';
import type { SearchResultOf, SearchWhy } from '@neuralbeat/common/contracts';
import { formatDate } from '../../lib/format';
import { Badge, Skeleton } from '../../components/ui';
import { highlightParts } from './highlight';

interface ResultView {
  href: string;
  title: string;
  meta: string[];
  text: string;
  tags: { label: string; href: string }[];
}

const searchLink = (q: string, kind: SearchKind) => `/search?q=${encodeURIComponent(q)}&tab=${kind}`;

/** What each kind shows: its link, a meta line, its text and its tags. */
const VIEWS: { [K in SearchKind]: (r: SearchResultOf<K>) => ResultView } = {
  news: (r) => ({
    href: `/news/${r.slug}`,
    title: r.title,
    meta: [r.category, formatDate(r.publishDate)],
    text: r.excerpt,
    tags: r.tags.map((t) => ({ label: displayTag(t), href: `/news/tag/${encodeURIComponent(t.toLowerCase())}` })),
  }),
  tools: (r) => ({
    href: `/directory/${r.slug}`,
    title: r.name,
    meta: ['AI tool'],
    text: r.description,
    tags: r.tags.map((t) => ({ label: displayTag(t), href: searchLink(t, 'tools') })),
  }),
  resources: (r) => ({
    href: `/learn/${r.slug}`,
    title: r.title,
    meta: [r.difficultyLevel, formatDate(r.publishedAt)],
    text: r.summary,
    tags: r.tags.map((t) => ({ label: displayTag(t), href: `/learn?tag=${encodeURIComponent(t)}` })),
  }),
  events: (r) => ({ href: `/events/${r.slug}`, title: r.name, meta: [formatDate(r.startDate), r.location], text: r.description, tags: [] }),
  jobs: (r) => ({ href: `/jobs/${r.id}`, title: r.title, meta: [r.company, r.location, r.jobType], text: r.description, tags: [] }),
};

/** How each kind names its fields in the "why" hint. */
const FIELD_NAMES: Record<SearchKind, Record<SearchMatchField, string>> = {
  news: { title: 'headline', tags: 'tags or category', excerpt: 'summary', body: 'article text' },
  tools: { title: 'name', tags: 'tags or category', excerpt: 'description', body: 'details' },
  resources: { title: 'title', tags: 'topics or level', excerpt: 'summary', body: 'guide text' },
  events: { title: 'name', tags: 'type or place', excerpt: 'description', body: 'organiser details' },
  jobs: { title: 'title', tags: 'company, type or location', excerpt: 'description', body: 'requirements' },
};

/** "Why this result": the field, and whether the word matched exactly, as a word start, or as a close spelling. */
export function whyText(kind: SearchKind, why: SearchWhy): string {
  const where = `in the ${FIELD_NAMES[kind][why.field]}`;
  const words = why.terms
    .slice(0, 3)
    .map((t) => `“${t}”`)
    .join(', ');
  if (!words) return `Matched ${where}`;
  if (why.match === 'typo') return `Close spelling ${words} ${where}`;
  if (why.match === 'prefix') return `Words starting as you typed: ${words} ${where}`;
  return `Matched ${words} ${where}`;
}

function Marked({ text, terms, query }: { text: string; terms: string[]; query: string[] }) {
  return <>{highlightParts(text, terms, query).map((part, i) => (part.mark ? <mark key={i}>{part.text}</mark> : part.text))}</>;
}

/** One search result: highlighted title and text, its tags (capped), and why it matched. */
export function SearchResultItem<K extends SearchKind>({
  kind,
  result,
  query,
  maxTags,
}: {
  kind: K;
  result: SearchResultOf<K>;
  query: string[];
  maxTags: number;
}) {
  const view = VIEWS[kind](result);
  const { why } = result;
  const extra = view.tags.length - maxTags;
  return (
    <Item>
      <h3>
        <Link to={view.href}>
          <Marked text={view.title} terms={why.terms} query={query} />
        </Link>
      </h3>
      <Meta>{view.meta.filter(Boolean).join(' · ')}</Meta>
      <Text>
        <Marked text={view.text} terms={why.terms} query={query} />
      </Text>
      {why.snippet && (
        <Snippet>
          <Marked text={why.snippet} terms={why.terms} query={query} />
        </Snippet>
      )}
      {view.tags.length > 0 && (
        <Tags>
          {view.tags.slice(0, maxTags).map((t) => (
            <Badge key={t.href} as={Link} to={t.href}>
              {t.label}
            </Badge>
          ))}
          {extra > 0 && <Badge>+{extra} more</Badge>}
        </Tags>
      )}
      <Why>
        <strong>Why: </strong>
        {whyText(kind, why)}
      </Why>
    </Item>
  );
}

export function SearchResultSkeleton() {
  return (
    <Item aria-hidden="true">
      <Skeleton $height="1.25rem" $width="60%" />
      <Skeleton $height="0.8rem" $width="30%" style={{ marginTop: '0.5rem' }} />
      <Skeleton $height="2.5rem" style={{ marginTop: '0.5rem' }} />
    </Item>
  );
}

const Item = styled.article`
  padding: 1rem 0;
  border-bottom: 1px solid ${(p) => p.theme.colors.border};
  h3 {
    margin: 0 0 0.25rem;
    font-size: 1.1rem;
  }
  h3 a {
    text-decoration: none;
    color: ${(p) => p.theme.colors.text};
  }
  h3 a:hover {
    color: ${(p) => p.theme.colors.primary};
  }
  mark {
    background: #fef08a;
    color: inherit;
    border-radius: 0.15rem;
    padding: 0 0.05em;
  }
`;
const Meta = styled.p`
  margin: 0;
  font-size: 0.8rem;
  color: ${(p) => p.theme.colors.muted};
`;
const Text = styled.p`
  margin: 0.35rem 0 0;
  display: -webkit-box;
  -webkit-line-clamp: 2;
  -webkit-box-orient: vertical;
  overflow: hidden;
`;
const Snippet = styled.p`
  margin: 0.35rem 0 0;
  font-size: 0.9rem;
  font-style: italic;
  color: ${(p) => p.theme.colors.muted};
`;
const Tags = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 0.35rem;
  margin-top: 0.5rem;
  a {
    text-decoration: none;
  }
`;
const Why = styled.p`
  margin: 0.4rem 0 0;
  font-size: 0.75rem;
  color: ${(p) => p.theme.colors.muted};
`;
