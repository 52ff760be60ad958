import { useMemo, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import styled from 'styled-components';
import { PRICING_MODELS, STATIC_PAGES, TOOL_CATEGORIES, screenApi } from '@neuralbeat/common/contracts/browser';
import type { Tool } from '@neuralbeat/common/contracts';
import { Seo } from '../../seo/Seo';
import { Button, Chip, Container, EmptyState, Grid, Input, Muted, PageHeading, PageTop, Skeleton } from '../../components/ui';
import { ToolCard, ToolCardSkeleton } from '../../components/tools/ToolCard';
import { searchTarget } from '../../lib/format';

const matches = (tool: Tool, q: string) => {
  const needle = q.toLowerCase();
  return [tool.name, tool.shortDescription, tool.description, tool.category, ...tool.tags].some((f) => f.toLowerCase().includes(needle));
};

/** /directory?q=&category=&pricing=: filters live in the URL, changed without a reload. */
export default function DirectoryPage() {
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const category = params.get('category') ?? '';
  const pricing = params.get('pricing') ?? '';
  const [text, setText] = useState(q);

  const tools = useQuery<Tool[]>({ queryKey: [screenApi.tools({ category, pricing })] });
  const shown = useMemo(() => (tools.data ?? []).filter((t) => !q || matches(t, q)), [tools.data, q]);

  const update = (changes: Record<string, string>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(changes)) {
      if (v) next.set(k, v);
      else next.delete(k);
    }
    setParams(next, { replace: true });
  };
  const handleSearch = (e: FormEvent) => {
    e.preventDefault();
    update({ q: text.trim() });
  };
  const clear = () => {
    setText('');
    setParams(new URLSearchParams(), { replace: true });
  };
  const meta = STATIC_PAGES['/directory'];

  return (
    <Container>
      <Seo title={meta.title} description={meta.description} path="/directory" />
      <PageTop>
        <div>
          <PageHeading>AI Tools Directory</PageHeading>
          <Muted>Hand-picked AI tools for writing, images, code, data and more.</Muted>
        </div>
        <Button as={Link} to="/submit-tool">
          Submit Your Tool
        </Button>
      </PageTop>
      <SearchForm role="search" onSubmit={handleSearch}>
        <label htmlFor="directory-search" className="visually-hidden">
          Search tools
        </label>
        <Input id="directory-search" type="search" placeholder="Search AI tools..." value={text} onChange={(e) => setText(e.target.value)} />
        <Button type="submit">Search</Button>
      </SearchForm>
      {q && searchTarget(q) && (
        <Muted>
          Looking beyond tools? <Link to={searchTarget(q)!}>Search all of NeuralBeat for “{q}”</Link>
        </Muted>
      )}
      <Chips aria-label="Category">
        <Chip type="button" $active={!category} aria-pressed={!category} onClick={() => update({ category: '' })}>
          All Categories
        </Chip>
        {TOOL_CATEGORIES.map((c) => (
          <Chip key={c} type="button" $active={category === c} aria-pressed={category === c} onClick={() => update({ category: c })}>
            {c}
          </Chip>
        ))}
      </Chips>
      <Chips aria-label="Pricing">
        <Chip type="button" $active={!pricing} aria-pressed={!pricing} onClick={() => update({ pricing: '' })}>
          All Pricing
        </Chip>
        {PRICING_MODELS.map((p) => (
          <Chip key={p} type="button" $active={pricing === p.toLowerCase()} aria-pressed={pricing === p.toLowerCase()} onClick={() => update({ pricing: p.toLowerCase() })}>
            {p}
          </Chip>
        ))}
      </Chips>
      {tools.isPending ? (
        <>
          <Muted aria-hidden="true">
            <Skeleton as="span" $width="4rem" $height="1em" style={{ display: 'inline-block', verticalAlign: 'middle' }} />
          </Muted>
          <Grid aria-busy="true">
            {Array.from({ length: 6 }, (_, i) => (
              <ToolCardSkeleton key={i} />
            ))}
          </Grid>
        </>
      ) : shown.length === 0 ? (
        <EmptyState>
          <h2>No tools found</h2>
          <p>{tools.isError ? tools.error.message : 'Try another search or category.'}</p>
          <Button type="button" onClick={clear}>
            Clear Filters
          </Button>
        </EmptyState>
      ) : (
        <>
          <h2 className="visually-hidden">Tools</h2>
          <Muted>
            {shown.length} {shown.length === 1 ? 'tool' : 'tools'}
          </Muted>
          <Grid>
            {shown.map((t) => (
              <ToolCard key={t.id} tool={t} />
            ))}
          </Grid>
        </>
      )}
    </Container>
  );
}

const SearchForm = styled.form`
  display: flex;
  gap: 0.5rem;
  max-width: 36rem;
  margin: 1.5rem 0 1rem;
`;
const Chips = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 0.5rem;
  margin-bottom: 0.75rem;
`;
