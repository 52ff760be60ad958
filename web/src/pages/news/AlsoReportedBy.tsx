import styled from 'styled-components';
import type { StoryReport } from '@neuralbeat/common/contracts';
import { Badge } from '../../components/ui';
import { formatDate } from '../../lib/format';

/**
 * "Also reported by": every other outlet that carried this story, earliest
 * first, each linking to its own page; the copy published first is marked as
 * the original. Nothing when the story has no other copy.
 */
export function AlsoReportedBy({ reports }: { reports: StoryReport[] | undefined }) {
  if (!reports?.length) return null;
  return (
    <Reports aria-labelledby="also-reported-heading">
      <h2 id="also-reported-heading">Also reported by</h2>
      <ul>
        {reports.map((r, i) => (
          <li key={`${r.sourceName}-${r.publishDate}-${i}`}>
            {r.url ? (
              <a href={r.url} target="_blank" rel="noopener noreferrer nofollow">
                {r.sourceName}
              </a>
            ) : (
              <span>{r.sourceName}</span>
            )}
            <time dateTime={r.publishDate}>{formatDate(r.publishDate)}</time>
            {r.isOrigin && <Badge title="Published first">Original</Badge>}
          </li>
        ))}
      </ul>
    </Reports>
  );
}

const Reports = styled.section`
  margin-top: 1.5rem;
  padding: 1rem 1.25rem;
  border: 1px solid ${(p) => p.theme.colors.border};
  border-radius: ${(p) => p.theme.radius.md};
  h2 {
    font-size: 1rem;
    margin: 0 0 0.5rem;
  }
  ul {
    list-style: none;
    margin: 0;
    padding: 0;
    display: grid;
    gap: 0.4rem;
  }
  li {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 0.6rem;
    font-size: 0.95rem;
  }
  a {
    font-weight: 600;
  }
  time {
    color: ${(p) => p.theme.colors.muted};
    font-size: 0.875rem;
  }
`;
