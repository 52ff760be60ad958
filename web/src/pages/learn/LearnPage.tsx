import { useMemo } from 'react';
import { Link } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import styled from 'styled-components';
import { X } from 'lucide-react';
import { DIFFICULTY_LEVELS, RESOURCE_CATEGORIES, STATIC_PAGES, screenApi } from '@neuralbeat/common/contracts/browser';
import type { Resource } from '@neuralbeat/common/contracts';
import { Seo } from '../../seo/Seo';
import { NoResults } from '../../components/NoResults';
import { Badge, Button, Card, Chip, Clamp, Container, Grid, Muted, PageHeading, Skeleton } from '../../components/ui';
import { formatDate } from '../../lib/format';
import { useFilterParams } from '../../lib/useFilterParams';
import { levelColor } from '../../app/theme';

const CATEGORY_LABELS: Record<string, string> = { NLP: 'Natural Language Processing' };

/** /learn?category=&level=&tag=: the category filters on the server, level and tag in the browser. */
export default function LearnPage() {
  const { params, update: updateFilters, clear } = useFilterParams();
  const category = params.get('category') ?? '';
  const level = params.get('level') ?? '';
  const tag = params.get('tag') ?? '';
  const validCategory = (RESOURCE_CATEGORIES as readonly string[]).includes(category) ? category : '';
  const resources = useQuery<Resource[]>({ queryKey: [screenApi.resources(validCategory)] });
  const shown = useMemo(
    () => (resources.data ?? []).filter((r) => (!level || r.difficultyLevel === level) && (!tag || r.tags.includes(tag.toLowerCase()))),
    [resources.data, level, tag],
  );
  const update = (key: string, value: string) => updateFilters({ [key]: value });
  const meta = STATIC_PAGES['/learn'];

  return (
    <Container>
      <Seo title={meta.title} description={meta.description} path="/learn" />
      <PageHeading>Learning Resources</PageHeading>
      <Muted>Guides and tutorials for every level, from first steps to advanced techniques.</Muted>
      <Chips aria-label="Category">
        <Chip type="button" $active={!validCategory} aria-pressed={!validCategory} onClick={() => update('category', '')}>
          All Resources
        </Chip>
        {RESOURCE_CATEGORIES.map((c) => (
          <Chip
            key={c}
            type="button"
            $active={validCategory === c}
            aria-pressed={validCategory === c}
            onClick={() => update('category', c)}
          >
            {CATEGORY_LABELS[c] ?? c}
          </Chip>
        ))}
      </Chips>
      <Chips aria-label="Level">
        <Chip type="button" $active={!level} aria-pressed={!level} onClick={() => update('level', '')}>
          All Levels
        </Chip>
        {DIFFICULTY_LEVELS.map((l) => (
          <Chip key={l} type="button" $active={level === l} aria-pressed={level === l} onClick={() => update('level', l)}>
            {l}
          </Chip>
        ))}
      </Chips>
      {tag && (
        <TagFilter>
          Topic: <Badge>{tag}</Badge>
          <Button type="button" $variant="ghost" onClick={() => update('tag', '')} aria-label="Clear topic filter">
            <X aria-hidden="true" size={16} />
          </Button>
        </TagFilter>
      )}
      {resources.isPending ? (
        <Grid aria-busy="true">
          {Array.from({ length: 6 }, (_, i) => (
            <Skeleton key={i} $height="12rem" />
          ))}
        </Grid>
      ) : shown.length === 0 ? (
        <NoResults
          title="No resources found"
          hint="No guides match these filters yet."
          error={resources.error}
          action="Clear filters"
          onAction={clear}
        />
      ) : (
        <Grid>
          {shown.map((r) => (
            <Card key={r.id}>
              <CardBody>
                <Row>
                  <Badge $color={levelColor(r.difficultyLevel)}>{r.difficultyLevel}</Badge>
                  <small>{CATEGORY_LABELS[r.category] ?? r.category}</small>
                </Row>
                <h2>
                  <Link to={`/learn/${r.slug}`}>{r.title}</Link>
                </h2>
                <Clamp $lines={3}>{r.summary}</Clamp>
                <small>{formatDate(r.publishedAt)}</small>
              </CardBody>
            </Card>
          ))}
        </Grid>
      )}
    </Container>
  );
}

const Chips = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 0.5rem;
  margin: 1rem 0 0.5rem;
`;
const TagFilter = styled.div`
  display: flex;
  align-items: center;
  gap: 0.5rem;
  margin: 0.5rem 0 1rem;
`;
const CardBody = styled.div`
  padding: 1.25rem;
  display: flex;
  flex-direction: column;
  gap: 0.5rem;
  height: 100%;
  h2 {
    font-size: 1.15rem;
    margin: 0;
  }
  h2 a {
    color: ${(p) => p.theme.colors.text};
    text-decoration: none;
  }
  h2 a::after {
    content: '';
    position: absolute;
    inset: 0;
  }
  p {
    margin: 0;
    color: ${(p) => p.theme.colors.muted};
  }
  small {
    color: ${(p) => p.theme.colors.muted};
    margin-top: auto;
  }
`;
const Row = styled.div`
  display: flex;
  justify-content: space-between;
  align-items: center;
`;
