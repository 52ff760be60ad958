import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import styled from 'styled-components';
import { Badge, Button, Container, Input, Muted, PageHeading, PageTop, Skeleton, TextArea } from '../../components/ui';
import { useToast } from '../../components/toast/ToastProvider';
import { MailFrame } from '../../components/MailFrame';
import { Seo } from '../../seo/Seo';
import { useComposeIssue, useDryRun, useEditIssue, useIssue, useIssues, useScheduleIssue, useSendNow, useSendTest } from './mailApi';
import { apiFailure } from './api';
import type { AdminNewsletterIssue, AdminNewsletterIssueSummary, NewsletterIssueStatus } from '@neuralbeat/common/contracts';
import { Alert, BackLink, DataTable, MailText, Panel, Stat, StatGrid, Tabs } from './components/AdminUi';
import { Loaded } from './components/Loaded';
import { ConfirmDialog } from './components/ConfirmDialog';
import { formatDateTime } from './format';

const STATUS_COLOR: Record<NewsletterIssueStatus, string> = { draft: '#64748b', scheduled: '#2563eb', sending: '#d97706', sent: '#16a34a' };
const IssueBadge = ({ status }: { status: NewsletterIssueStatus }) => (
  <Badge $color={STATUS_COLOR[status]} data-status={status}>
    {status.charAt(0).toUpperCase() + status.slice(1)}
  </Badge>
);

/** /admin/newsletter and /admin/newsletter/{id}: the issues, and one issue to preview, edit, test, schedule or send. */
export default function NewsletterAdminPage() {
  const { id } = useParams();
  const issueId = Number(id);
  return id && Number.isInteger(issueId) && issueId > 0 ? <IssueScreen id={issueId} /> : <IssueList />;
}

function IssueList() {
  const issues = useIssues();
  const compose = useComposeIssue();
  const navigate = useNavigate();
  const toast = useToast();
  return (
    <Container>
      <Seo title="Newsletter" noindex />
      <PageTop>
        <div>
          <PageHeading>Newsletter</PageHeading>
          <Muted>
            The weekly issues: composed from the week's stories, tools, events and jobs, sent once to every confirmed subscriber.
          </Muted>
        </div>
        <Button
          type="button"
          disabled={compose.isPending}
          onClick={() =>
            compose.mutate(undefined, {
              onSuccess: (res) => navigate(`/admin/newsletter/${res.issue.id}`),
              onError: (err) => toast({ title: 'Error', description: apiFailure(err).message, variant: 'destructive' }),
            })
          }
        >
          {compose.isPending ? 'Composing...' : 'Compose issue'}
        </Button>
      </PageTop>
      <Panel title="Issues" id="issues">
        <Loaded
          query={issues}
          skeleton="12rem"
          failure="Could not load the issues"
          isEmpty={(data) => data.issues.length === 0}
          empty="No issues yet. Compose one from the past 7 days, or wait for the weekly job."
        >
          {(data) => (
            <DataTable
              columns={[
                '#',
                'Subject',
                'Status',
                'When',
                { label: 'Recipients', num: true },
                { label: 'Sent', num: true },
                { label: 'Pending', num: true },
                { label: 'Failed', num: true },
                { label: 'Bounced', num: true },
              ]}
            >
              {data.issues.map((i) => (
                <tr key={i.id} data-issue={i.id}>
                  <td>{i.number}</td>
                  <td>
                    <Link to={`/admin/newsletter/${i.id}`}>{i.subject}</Link>
                  </td>
                  <td>
                    <IssueBadge status={i.status} />
                  </td>
                  <td>{whenText(i)}</td>
                  <td className="num">{i.counts.recipients}</td>
                  <td className="num">{i.counts.sent}</td>
                  <td className="num">{i.counts.pending}</td>
                  <td className="num">{i.counts.failed}</td>
                  <td className="num">{i.counts.bounced}</td>
                </tr>
              ))}
            </DataTable>
          )}
        </Loaded>
      </Panel>
    </Container>
  );
}

const whenText = (i: AdminNewsletterIssueSummary) =>
  i.sentAt
    ? `Sent ${formatDateTime(i.sentAt)}`
    : i.scheduledFor
      ? `Scheduled for ${formatDateTime(i.scheduledFor)}`
      : `Composed ${formatDateTime(i.createdAt)}`;

function IssueScreen({ id }: { id: number }) {
  const q = useIssue(id);
  return (
    <Container>
      <Seo title="Newsletter issue" noindex />
      <BackLink to="/admin/newsletter">← All issues</BackLink>
      <Loaded
        query={q}
        skeleton={
          <>
            <Skeleton $height="2.5rem" $width="50%" style={{ margin: '1rem 0' }} />
            <Skeleton $height="30rem" />
          </>
        }
        failure="Could not load this issue"
      >
        {(data) => <IssueDetail issue={data.issue} />}
      </Loaded>
    </Container>
  );
}

function IssueDetail({ issue }: { issue: AdminNewsletterIssue }) {
  const editable = issue.status === 'draft' || issue.status === 'scheduled';
  const [part, setPart] = useState<'html' | 'text'>('html');
  const c = issue.counts;
  const done = c.sent + c.failed + c.bounced;
  const preview = (
    <Panel title="Preview" id="preview">
      <Tabs role="tablist" aria-label="Preview part">
        <button type="button" role="tab" aria-selected={part === 'html'} onClick={() => setPart('html')}>
          HTML
        </button>
        <button type="button" role="tab" aria-selected={part === 'text'} onClick={() => setPart('text')}>
          Text
        </button>
      </Tabs>
      {part === 'html' ? (
        <MailFrame html={issue.html} title={`Preview of issue #${issue.number}`} />
      ) : (
        <MailText $maxHeight="50rem">{issue.text}</MailText>
      )}
    </Panel>
  );
  return (
    <>
      <PageTop>
        <div>
          <PageHeading>{issue.subject}</PageHeading>
          <Muted>
            Issue #{issue.number} · <IssueBadge status={issue.status} /> {whenText(issue)}
          </Muted>
        </div>
      </PageTop>
      {issue.status !== 'draft' && (
        <Panel title="Delivery" id="delivery">
          <StatGrid>
            <Stat label="Recipients" value={c.recipients} testId="count-recipients" />
            <Stat label="Sent" value={c.sent} testId="count-sent" />
            <Stat label="Pending" value={c.pending} testId="count-pending" />
            <Stat label="Failed" value={c.failed} testId="count-failed" />
            <Stat label="Bounced" value={c.bounced} testId="count-bounced" />
          </StatGrid>
          {c.recipients > 0 && (
            <Progress role="progressbar" aria-label="Delivery progress" aria-valuemin={0} aria-valuemax={c.recipients} aria-valuenow={done}>
              <span style={{ width: `${Math.round((done / c.recipients) * 100)}%` }} />
            </Progress>
          )}
          {issue.status === 'sending' && <Muted>Sending: this page refreshes as deliveries complete.</Muted>}
        </Panel>
      )}
      {editable ? (
        <Columns>
          <div>
            <EditForm issue={issue} />
            <SendPanel issue={issue} />
          </div>
          {preview}
        </Columns>
      ) : (
        <>
          <Alert tone="info">
            {issue.status === 'sending' ? 'This issue is being sent' : 'This issue has been sent'}: it can no longer be edited.
          </Alert>
          {preview}
        </>
      )}
    </>
  );
}

function EditForm({ issue }: { issue: AdminNewsletterIssue }) {
  const edit = useEditIssue(issue.id);
  const toast = useToast();
  const [form, setForm] = useState({ subject: issue.subject, preheader: issue.preheader, intro: issue.intro });
  const changed = form.subject !== issue.subject || form.preheader !== issue.preheader || form.intro !== issue.intro;
  const field = edit.error ? apiFailure(edit.error).field : undefined;
  const save = (e: FormEvent) => {
    e.preventDefault();
    edit.mutate(form, {
      onSuccess: () => toast({ title: 'Issue saved', description: 'The preview shows the new text.', variant: 'success' }),
    });
  };
  return (
    <Panel title="Edit" id="edit">
      <Form onSubmit={save}>
        <label htmlFor="issue-subject">Subject</label>
        <Input
          id="issue-subject"
          required
          value={form.subject}
          onChange={(e) => setForm((f) => ({ ...f, subject: e.target.value }))}
          aria-invalid={field === 'subject' || undefined}
        />
        <label htmlFor="issue-preheader">Preheader</label>
        <Input
          id="issue-preheader"
          value={form.preheader}
          onChange={(e) => setForm((f) => ({ ...f, preheader: e.target.value }))}
          aria-invalid={field === 'preheader' || undefined}
        />
        <label htmlFor="issue-intro">Intro</label>
        <TextArea
          id="issue-intro"
          rows={6}
          value={form.intro}
          onChange={(e) => setForm((f) => ({ ...f, intro: e.target.value }))}
          aria-invalid={field === 'intro' || undefined}
        />
        {edit.isError && <Alert tone="error">{apiFailure(edit.error).message}</Alert>}
        <div>
          <Button type="submit" disabled={edit.isPending || !changed}>
            {edit.isPending ? 'Saving...' : 'Save changes'}
          </Button>
        </div>
      </Form>
    </Panel>
  );
}

/** "yyyy-MM-ddTHH:mm" of the operator's clock, an hour from now: the schedule field's default. */
const inAnHour = () => {
  const d = new Date(Date.now() + 3_600_000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
};

function SendPanel({ issue }: { issue: AdminNewsletterIssue }) {
  const toast = useToast();
  const [countAsked, setCountAsked] = useState(false);
  const dryRun = useDryRun(issue.id, countAsked);
  const test = useSendTest(issue.id);
  const schedule = useScheduleIssue(issue.id);
  const sendNow = useSendNow(issue.id);
  const [testTo, setTestTo] = useState('');
  const [at, setAt] = useState(inAnHour);
  const [confirming, setConfirming] = useState(false);
  const onError = (err: Error) => toast({ title: 'Error', description: apiFailure(err).message, variant: 'destructive' });
  return (
    <Panel title="Send" id="send">
      <Step>
        <h3>Recipients</h3>
        {dryRun.data ? (
          <p data-testid="dry-run-count">
            <strong>{dryRun.data.recipients}</strong> confirmed {dryRun.data.recipients === 1 ? 'subscriber' : 'subscribers'} would receive
            it now.
          </p>
        ) : dryRun.isError ? (
          <Alert tone="error">{apiFailure(dryRun.error).message}</Alert>
        ) : (
          <p>Count who would receive it, without sending anything.</p>
        )}
        <Button
          type="button"
          $variant="outline"
          disabled={dryRun.isFetching}
          onClick={() => (countAsked ? dryRun.refetch() : setCountAsked(true))}
        >
          {dryRun.isFetching ? 'Counting...' : 'Count recipients (dry run)'}
        </Button>
      </Step>
      <Step
        as="form"
        onSubmit={(e: FormEvent) => {
          e.preventDefault();
          const to = testTo.trim();
          test.mutate(to, {
            onSuccess: () =>
              toast({ title: 'Test sent', description: `A test of issue #${issue.number} went to ${to}.`, variant: 'success' }),
            onError,
          });
        }}
      >
        <h3>
          <label htmlFor="test-email">Send a test</label>
        </h3>
        <Inline>
          <Input
            id="test-email"
            type="email"
            required
            placeholder="you@example.com"
            value={testTo}
            onChange={(e) => setTestTo(e.target.value)}
          />
          <Button type="submit" $variant="outline" disabled={test.isPending}>
            {test.isPending ? 'Sending...' : 'Send test'}
          </Button>
        </Inline>
      </Step>
      <Step
        as="form"
        onSubmit={(e: FormEvent) => {
          e.preventDefault();
          schedule.mutate(new Date(at).toISOString(), {
            onSuccess: (res) =>
              toast({
                title: 'Issue scheduled',
                description: `It goes out ${formatDateTime(res.issue.scheduledFor)}.`,
                variant: 'success',
              }),
            onError,
          });
        }}
      >
        <h3>
          <label htmlFor="schedule-at">Schedule</label>
        </h3>
        <Inline>
          <Input id="schedule-at" type="datetime-local" required value={at} onChange={(e) => setAt(e.target.value)} />
          <Button type="submit" $variant="outline" disabled={schedule.isPending}>
            {schedule.isPending ? 'Scheduling...' : issue.status === 'scheduled' ? 'Reschedule' : 'Schedule'}
          </Button>
        </Inline>
      </Step>
      <Step>
        <h3>Send now</h3>
        <p>Sends the issue to every confirmed subscriber at once. Each gets exactly one copy.</p>
        <Button type="button" onClick={() => setConfirming(true)} disabled={sendNow.isPending}>
          Send now
        </Button>
      </Step>
      <ConfirmDialog
        open={confirming}
        title={`Send issue #${issue.number} now?`}
        confirmLabel={sendNow.isPending ? 'Sending...' : 'Send to all subscribers'}
        busy={sendNow.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() =>
          sendNow.mutate(undefined, {
            onSuccess: () => {
              setConfirming(false);
              toast({ title: 'Sending started', description: `Issue #${issue.number} is on its way.`, variant: 'success' });
            },
            onError: (err) => {
              setConfirming(false);
              onError(err);
            },
          })
        }
      >
        <p>
          “{issue.subject}” goes to every confirmed subscriber
          {dryRun.data ? ` (${dryRun.data.recipients} now)` : ''}. This cannot be undone.
        </p>
      </ConfirmDialog>
    </Panel>
  );
}

const Columns = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  gap: 0 1.25rem;
  align-items: start;
  @media (min-width: 1100px) {
    grid-template-columns: minmax(0, 2fr) minmax(0, 3fr);
  }
`;
const Form = styled.form`
  display: grid;
  gap: 0.4rem;
  label {
    font-weight: 600;
    font-size: 0.9rem;
    margin-top: 0.4rem;
  }
  div {
    margin-top: 0.6rem;
  }
`;
const Step = styled.div`
  padding: 0.75rem 0;
  border-bottom: 1px solid ${(p) => p.theme.colors.border};
  &:last-of-type {
    border-bottom: none;
  }
  h3 {
    font-size: 1rem;
    margin: 0 0 0.4rem;
  }
  p {
    margin: 0 0 0.6rem;
    font-size: 0.92rem;
  }
`;
const Inline = styled.div`
  display: flex;
  gap: 0.5rem;
  input {
    flex: 1;
    min-width: 0;
  }
  button {
    flex: none;
  }
`;
const Progress = styled.div`
  height: 0.6rem;
  border-radius: 999px;
  background: ${(p) => p.theme.colors.surfaceAlt};
  overflow: hidden;
  span {
    display: block;
    height: 100%;
    background: #16a34a;
    transition: width 0.3s ease;
  }
`;
