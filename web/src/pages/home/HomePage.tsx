import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import styled from 'styled-components';
import { Bot, ChartColumn, Eye, MessageSquare, Puzzle, Sparkles } from 'lucide-react';
import { NEWS_PAGE_SIZE, STATIC_PAGES, screenApi } from '@neuralbeat/common/contracts/browser';
import type { Event, HomeResponse, Job, Resource, ToolSummary } from '@neuralbeat/common/contracts';
import { Seo } from '../../seo/Seo';
import { SearchFields } from '../../components/SearchFields';
import { siteJsonLd } from '../../seo/siteJsonLd';
import { media } from '../../app/theme';
import { Badge, Button, Card, Clamp, Container, Grid, Skeleton } from '../../components/ui';
import { Section } from '../../components/Section';
import { NewsCard, NewsCardSkeleton } from '../../components/news/NewsCard';
import { ToolCard, ToolCardSkeleton } from '../../components/tools/ToolCard';
import { NewsletterSignup } from '../../components/NewsletterSignup';
import { formatDate, formatShortDate, searchTarget } from '../../lib/format';

const POPULAR_CATEGORIES = [
  { name: 'Generative AI', count: 142, Icon: Sparkles },
  { name: 'NLP Tools', count: 98, Icon: MessageSquare },
  { name: 'AI Chatbots', count: 86, Icon: Bot },
  { name: 'Computer Vision', count: 74, Icon: Eye },
  { name: 'Data Analytics', count: 65, Icon: ChartColumn },
  { name: 'No-Code AI', count: 54, Icon: Puzzle },
];

function HeroSearch() {
  const [text, setText] = useState('');
  const navigate = useNavigate();
  const handleSubmit = (e: FormEvent) => {
    e.preventDefault();
    const target = searchTarget(text);
    if (target) navigate(target);
  };
  return (
    <HeroForm role="search" onSubmit={handleSubmit}>
      <SearchFields
        id="hero-search"
        label="Search"
        placeholder="Search for AI tools, news, or tutorials..."
        value={text}
        onChange={setText}
      />
    </HeroForm>
  );
}

/** An event or job row while it loads: the same two lines. */
function ListItemSkeleton() {
  return (
    <li aria-hidden="true">
      <Skeleton $height="1rem" $width="70%" style={{ margin: '0.3rem 0' }} />
      <Skeleton $height="0.8rem" $width="50%" style={{ margin: '0.27rem 0' }} />
    </li>
  );
}

export default function HomePage() {
  const home = useQuery<HomeResponse>({ queryKey: [screenApi.home] });
  const tools = useQuery<ToolSummary[]>({ queryKey: [screenApi.featuredTools] });
  const resources = useQuery<Resource[]>({ queryKey: [screenApi.homeResources] });
  const events = useQuery<Event[]>({ queryKey: [screenApi.upcomingEvents] });
  const jobs = useQuery<Job[]>({ queryKey: [screenApi.featuredJobs] });

  return (
    <>
      <Seo description={STATIC_PAGES['/'].description} path="/" jsonLd={siteJsonLd()} />
      <Hero>
        <Container>
          <h1>Discover the Future of AI</h1>
          <p>Your trusted source for the latest AI news, tools, and resources — all in one place.</p>
          <HeroSearch />
        </Container>
      </Hero>
      <Container>
        <Section title="Latest News" link={{ to: '/news', label: 'View all' }}>
          <Grid>
            {home.isPending
              ? Array.from({ length: NEWS_PAGE_SIZE }, (_, i) => <NewsCardSkeleton key={i} />)
              : (home.data?.latestNews ?? []).map((a) => <NewsCard key={a.id} article={a} />)}
          </Grid>
          {home.isError && <p role="alert">Failed to fetch news articles</p>}
          {home.data && home.data.latestNews.length === 0 && <p>No news yet — the pipeline is still collecting today's stories.</p>}
        </Section>

        <Section title="Featured AI Tools" link={{ to: '/directory', label: 'Explore the directory' }}>
          <Grid>
            {tools.isPending
              ? Array.from({ length: 3 }, (_, i) => <ToolCardSkeleton key={i} />)
              : (tools.data ?? []).slice(0, 3).map((t) => <ToolCard key={t.id} tool={t} />)}
          </Grid>
        </Section>

        <Section title="Popular AI Categories">
          <Tiles>
            {POPULAR_CATEGORIES.map((c) => (
              <Tile key={c.name} to={`/directory?category=${encodeURIComponent(c.name)}`}>
                <c.Icon aria-hidden="true" size={28} strokeWidth={1.75} />
                <strong>{c.name}</strong>
                <small>{c.count} tools</small>
              </Tile>
            ))}
          </Tiles>
        </Section>

        <Section title="Learning Resources" link={{ to: '/learn', label: 'Explore all guides' }}>
          <Grid $min="340px">
            {resources.isPending
              ? Array.from({ length: 2 }, (_, i) => (
                  <Card key={i} aria-hidden="true">
                    <CardBody>
                      <Skeleton $width="5.5rem" $height="1.5rem" />
                      <h3>
                        <Skeleton $height="1.2rem" $width="80%" style={{ marginTop: '0.05rem' }} />
                      </h3>
                      <Clamp as="div">
                        <Skeleton $height="0.9rem" style={{ margin: '0.35rem 0' }} />
                        <Skeleton $height="0.9rem" $width="60%" style={{ margin: '0.35rem 0' }} />
                      </Clamp>
                    </CardBody>
                  </Card>
                ))
              : (resources.data ?? []).slice(0, 2).map((r) => (
                  <Card key={r.id}>
                    <CardBody>
                      <Badge>{r.difficultyLevel}</Badge>
                      <h3 title={r.title}>
                        <Link to={`/learn/${r.slug}`}>{r.title}</Link>
                      </h3>
                      <Clamp>{r.summary}</Clamp>
                    </CardBody>
                  </Card>
                ))}
          </Grid>
        </Section>

        <TwoColumns>
          <Section title="Upcoming Events" link={{ to: '/events', label: 'All events' }}>
            <List>
              {events.isPending
                ? Array.from({ length: 2 }, (_, i) => <ListItemSkeleton key={i} />)
                : (events.data ?? []).slice(0, 2).map((e) => (
                    <li key={e.id}>
                      <Link to={`/events/${e.slug}`}>{e.name}</Link>
                      <small>
                        {formatDate(e.startDate)} · {e.location}
                      </small>
                    </li>
                  ))}
              {events.data?.length === 0 && <li>No upcoming events scheduled.</li>}
            </List>
          </Section>
          <Section title="Featured Jobs" link={{ to: '/jobs', label: 'All jobs' }}>
            <List>
              {jobs.isPending
                ? Array.from({ length: 2 }, (_, i) => <ListItemSkeleton key={i} />)
                : (jobs.data ?? []).slice(0, 2).map((j) => (
                    <li key={j.id}>
                      <Link to={`/jobs/${j.id}`}>{j.title}</Link>
                      <small>
                        {j.company} · {j.location} · {j.jobType} · Posted {formatShortDate(j.createdAt)}
                      </small>
                    </li>
                  ))}
              {jobs.data?.length === 0 && <li>No open positions right now.</li>}
            </List>
          </Section>
        </TwoColumns>

        <NewsletterSignup variant="home" />

        <Cta>
          <div>
            <h2>Built an AI tool?</h2>
            <p>Get it in front of thousands of people exploring AI every day.</p>
          </div>
          <Button as={Link} to="/submit-tool">
            Submit Your Tool
          </Button>
        </Cta>
      </Container>
    </>
  );
}

const Hero = styled.section`
  background: radial-gradient(circle at 20% 0%, #e0e7ff, transparent 60%), linear-gradient(180deg, #eef2ff, #fff);
  padding: 4rem 0 3rem;
  text-align: center;
  h1 {
    font-size: clamp(2rem, 6vw, 3.25rem);
    margin: 0 0 1rem;
  }
  p {
    color: ${(p) => p.theme.colors.muted};
    font-size: 1.15rem;
    max-width: 40rem;
    margin: 0 auto 2rem;
  }
`;
const HeroForm = styled.form`
  display: flex;
  gap: 0.5rem;
  max-width: 36rem;
  margin: 0 auto;
`;
const Tiles = styled.div`
  display: grid;
  gap: 1rem;
  grid-template-columns: repeat(2, 1fr);
  ${media.md} {
    grid-template-columns: repeat(3, 1fr);
  }
  ${media.lg} {
    grid-template-columns: repeat(6, 1fr);
  }
`;
const Tile = styled(Link)`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: 0.25rem;
  padding: 1.25rem 0.5rem;
  border: 1px solid ${(p) => p.theme.colors.border};
  border-radius: ${(p) => p.theme.radius.lg};
  text-decoration: none;
  color: ${(p) => p.theme.colors.text};
  text-align: center;
  svg {
    color: ${(p) => p.theme.colors.primary};
  }
  small {
    color: ${(p) => p.theme.colors.muted};
  }
  &:hover {
    border-color: ${(p) => p.theme.colors.primary};
  }
`;
/** Fixed rows (badge, one-line title, two-line summary) so a guide card is exactly as tall as its skeleton. */
const CardBody = styled.div`
  padding: 1.25rem;
  > :first-child {
    display: block;
    width: fit-content;
    height: 1.5rem;
  }
  h3 {
    margin: 0.5rem 0;
    height: 1.25em;
    white-space: nowrap;
    overflow: hidden;
    text-overflow: ellipsis;
  }
  > p,
  > div:last-child {
    line-height: 1.6;
    height: 3.2em;
  }
  h3 a {
    color: ${(p) => p.theme.colors.text};
    text-decoration: none;
  }
  p {
    margin: 0;
    color: ${(p) => p.theme.colors.muted};
  }
`;
const TwoColumns = styled.div`
  display: grid;
  gap: 0 2rem;
  grid-template-columns: minmax(0, 1fr);
  ${media.md} {
    grid-template-columns: minmax(0, 1fr) minmax(0, 1fr);
  }
`;
const List = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  gap: 0.75rem;
  /* Two one-line rows of fixed height, so rows and their skeletons are the same size. */
  li {
    border: 1px solid ${(p) => p.theme.colors.border};
    border-radius: ${(p) => p.theme.radius.md};
    padding: 0.9rem 1rem;
    display: flex;
    flex-direction: column;
    justify-content: center;
    height: 4.75rem;
  }
  a,
  small {
    white-space: nowrap;
    overflow: hidden;
    text-overflow: ellipsis;
  }
  a {
    font-weight: 600;
    color: ${(p) => p.theme.colors.text};
    text-decoration: none;
  }
  small {
    color: ${(p) => p.theme.colors.muted};
  }
`;
const Cta = styled.section`
  margin: 3rem 0 0;
  padding: 2rem;
  border: 1px solid ${(p) => p.theme.colors.border};
  border-radius: ${(p) => p.theme.radius.lg};
  display: flex;
  flex-wrap: wrap;
  gap: 1rem;
  justify-content: space-between;
  align-items: center;
  h2 {
    margin: 0;
  }
  p {
    margin: 0.25rem 0 0;
    color: ${(p) => p.theme.colors.muted};
  }
`;
