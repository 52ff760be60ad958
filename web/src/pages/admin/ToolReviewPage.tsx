import { useState } from 'react';
import styled from 'styled-components';
import type { ReviewTool, ToolReviewState } from '@neuralbeat/common/contracts';
import { Badge, Button, Container, Input, Muted, PageHeading } from '../../components/ui';
import { useToast } from '../../components/toast/ToastProvider';
import { Seo } from '../../seo/Seo';
import { useReviewTool, useReviewTools } from './api';
import { Tabs } from './components/AdminUi';
import { Loaded } from './components/Loaded';
import { formatDateTime } from './format';

const STATES: { key: ToolReviewState; label: string; empty: string }[] = [
  { key: 'pending', label: 'Pending', empty: 'No submissions are waiting for review.' },
  { key: 'approved', label: 'Approved', empty: 'No tools approved yet.' },
  { key: 'rejected', label: 'Rejected', empty: 'No submissions rejected.' },
];

/** /admin/tools: submitted tools with Approve and Reject; an approved tool is listed in the directory and search at once. */
export default function ToolReviewPage() {
  const [state, setState] = useState<ToolReviewState>('pending');
  const tools = useReviewTools(state);
  const current = STATES.find((s) => s.key === state)!;
  return (
    <Container>
      <Seo title="Tool Review" noindex />
      <PageHeading>Tool Review</PageHeading>
      <Muted>
        Submissions from the public form. Approving lists a tool in the directory and search at once; rejected tools stay on record but are
        never shown.
      </Muted>
      <Tabs role="tablist" aria-label="Review state">
        {STATES.map((s) => (
          <button key={s.key} type="button" role="tab" aria-selected={state === s.key} onClick={() => setState(s.key)}>
            {s.label}
          </button>
        ))}
      </Tabs>
      <Loaded
        query={tools}
        skeleton="12rem"
        failure="Could not load submissions"
        isEmpty={(data) => data.tools.length === 0}
        empty={current.empty}
      >
        {(data) => (
          <List>
            {data.tools.map((t) => (
              <ToolCard key={t.id} tool={t} />
            ))}
          </List>
        )}
      </Loaded>
    </Container>
  );
}

function ToolCard({ tool }: { tool: ReviewTool }) {
  const review = useReviewTool();
  const toast = useToast();
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState('');
  const decide = (decision: 'approve' | 'reject') =>
    review.mutate(
      { id: tool.id, decision, reason: reason.trim() || undefined },
      {
        onSuccess: (res) =>
          toast({ title: decision === 'approve' ? 'Tool approved' : 'Tool rejected', description: res.message, variant: 'success' }),
        onError: (err) => toast({ title: 'Error', description: err.message, variant: 'destructive' }),
      },
    );
  return (
    <Card aria-labelledby={`tool-${tool.id}`}>
      <Head>
        <div>
          <h2 id={`tool-${tool.id}`}>{tool.name}</h2>
          <Meta>
            <Badge>{tool.category}</Badge>
            {tool.pricing && <span>{tool.pricing}</span>}
            <span>
              Submitted {formatDateTime(tool.createdAt)}
              {tool.submittedBy ? ` by ${tool.submittedBy}` : ''}
            </span>
          </Meta>
        </div>
        {tool.status === 'pending' || tool.status === 'rejected' ? (
          <Decisions>
            <Button type="button" onClick={() => decide('approve')} disabled={review.isPending}>
              Approve
            </Button>
            {tool.status === 'pending' && (
              <Button
                type="button"
                $variant="outline"
                onClick={() => setRejecting(!rejecting)}
                disabled={review.isPending}
                aria-expanded={rejecting}
              >
                Reject
              </Button>
            )}
          </Decisions>
        ) : null}
      </Head>
      <p>
        <strong>{tool.shortDescription}</strong>
      </p>
      <p>{tool.description}</p>
      <p>
        <a href={tool.websiteUrl} target="_blank" rel="noopener noreferrer nofollow">
          {tool.websiteUrl}
        </a>
      </p>
      {(tool.tags.length > 0 || tool.features.length > 0) && (
        <Meta>
          {tool.tags.map((tag) => (
            <Badge key={tag} $color="#0ea5e9">
              {tag}
            </Badge>
          ))}
          {tool.features.length > 0 && <span>Features: {tool.features.join(', ')}</span>}
        </Meta>
      )}
      {tool.reviewedAt && (
        <Muted>
          {tool.status === 'approved' ? 'Approved' : 'Rejected'} {formatDateTime(tool.reviewedAt)}
          {tool.reviewedBy ? ` by ${tool.reviewedBy}` : ''}
          {tool.rejectionReason ? `: ${tool.rejectionReason}` : ''}
        </Muted>
      )}
      {rejecting && (
        <RejectRow>
          <label htmlFor={`reason-${tool.id}`}>Reason (optional, kept with the record)</label>
          <Input id={`reason-${tool.id}`} value={reason} maxLength={500} onChange={(e) => setReason(e.target.value)} />
          <Button type="button" onClick={() => decide('reject')} disabled={review.isPending}>
            Confirm reject
          </Button>
        </RejectRow>
      )}
    </Card>
  );
}

const List = styled.div`
  display: grid;
  gap: 1rem;
  margin-bottom: 2rem;
`;
const Card = styled.article`
  border: 1px solid ${(p) => p.theme.colors.border};
  border-radius: ${(p) => p.theme.radius.lg};
  padding: 1.1rem 1.25rem;
  box-shadow: ${(p) => p.theme.shadow.card};
  p {
    margin: 0.4rem 0;
  }
`;
const Head = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: space-between;
  gap: 0.75rem;
  h2 {
    margin: 0 0 0.3rem;
    font-size: 1.2rem;
  }
`;
const Meta = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 0.4rem 0.75rem;
  font-size: 0.85rem;
  color: ${(p) => p.theme.colors.muted};
`;
const Decisions = styled.div`
  display: flex;
  gap: 0.5rem;
  align-items: flex-start;
`;
const RejectRow = styled.div`
  display: grid;
  gap: 0.4rem;
  margin-top: 0.75rem;
  max-width: 32rem;
  label {
    font-weight: 600;
    font-size: 0.9rem;
  }
  button {
    justify-self: start;
  }
`;
