import { useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { Badge, Button, Container, Input, Muted, PageHeading } from '../../components/ui';
import { useToast } from '../../components/toast/ToastProvider';
import { Seo } from '../../seo/Seo';
import { SUBSCRIBERS_PAGE_SIZE, subscriberExportUrl, useDeleteSubscriber, useSubscribers } from './mailApi';
import { SUBSCRIBER_STATUSES } from '@neuralbeat/common/contracts/browser';
import type { AdminSubscriber, SubscriberStatus } from '@neuralbeat/common/contracts';
import { ACTIONS_COLUMN, CellNote, DataTable, Panel, RowActions, Select, Toolbar } from './components/AdminUi';
import { Loaded } from './components/Loaded';
import { ConfirmDialog } from './components/ConfirmDialog';
import { Pager } from './components/Pager';
import { formatDateTime } from './format';

const STATUS_TONE: Record<SubscriberStatus, string> = {
  pending: '#2563eb',
  confirmed: '#16a34a',
  unsubscribed: '#64748b',
  bounced: '#dc2626',
  complained: '#b45309',
};

/** /admin/subscribers: search by address, filter by status; export everything stored about one, or delete them. */
export default function SubscribersPage() {
  const [draft, setDraft] = useState('');
  const [q, setQ] = useState('');
  const [status, setStatus] = useState<SubscriberStatus | ''>('');
  const [offset, setOffset] = useState(0);
  const [deleting, setDeleting] = useState<AdminSubscriber | null>(null);
  const subscribers = useSubscribers({ q, status, offset });
  const remove = useDeleteSubscriber();
  const toast = useToast();
  const search = (e: FormEvent) => {
    e.preventDefault();
    setQ(draft.trim());
    setOffset(0);
  };
  return (
    <Container>
      <Seo title="Subscribers" noindex />
      <PageHeading>Subscribers</PageHeading>
      <Muted>
        Newsletter addresses and where each stands. Only confirmed addresses receive issues; unconfirmed ones are forgotten after 7 days.
      </Muted>
      <Toolbar as="form" role="search" onSubmit={search}>
        <label htmlFor="subscriber-search" className="visually-hidden">
          Search addresses
        </label>
        <SearchInput
          id="subscriber-search"
          type="search"
          placeholder="Search addresses"
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
        />
        <Button type="submit">Search</Button>
        <label htmlFor="subscriber-status">Status</label>
        <Select
          id="subscriber-status"
          value={status}
          onChange={(e) => {
            setStatus(e.target.value as SubscriberStatus | '');
            setOffset(0);
          }}
        >
          <option value="">All</option>
          {SUBSCRIBER_STATUSES.map((s) => (
            <option key={s} value={s}>
              {s.charAt(0).toUpperCase() + s.slice(1)}
            </option>
          ))}
        </Select>
      </Toolbar>
      <Panel>
        <Loaded
          query={subscribers}
          skeleton="16rem"
          failure="Could not load subscribers"
          isEmpty={(data) => data.subscribers.length === 0}
          empty="No subscribers match."
        >
          {(data) => (
            <>
              <DataTable columns={['Email', 'Status', 'Subscribed', 'Confirmed', 'Unsubscribed', ACTIONS_COLUMN]}>
                {data.subscribers.map((s) => (
                  <tr key={s.id} data-subscriber={s.email}>
                    <td>{s.email}</td>
                    <td>
                      <Badge $color={STATUS_TONE[s.status]} data-status={s.status}>
                        {s.status}
                      </Badge>
                      {s.suppressedReason && <CellNote>{s.suppressedReason}</CellNote>}
                    </td>
                    <td>{formatDateTime(s.createdAt)}</td>
                    <td>{s.confirmedAt ? formatDateTime(s.confirmedAt) : '–'}</td>
                    <td>{s.unsubscribedAt ? formatDateTime(s.unsubscribedAt) : '–'}</td>
                    <td>
                      <RowActions>
                        <Button as="a" href={subscriberExportUrl(s.id)} download={`subscriber-${s.id}.json`} $variant="outline">
                          Export
                        </Button>
                        <Button type="button" $variant="outline" onClick={() => setDeleting(s)}>
                          Delete
                        </Button>
                      </RowActions>
                    </td>
                  </tr>
                ))}
              </DataTable>
              <Pager offset={offset} pageSize={SUBSCRIBERS_PAGE_SIZE} total={data.total} noun="subscribers" onChange={setOffset} />
            </>
          )}
        </Loaded>
      </Panel>
      <ConfirmDialog
        open={deleting !== null}
        title="Delete this subscriber?"
        confirmLabel={remove.isPending ? 'Deleting...' : 'Delete'}
        busy={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: (res) => {
              setDeleting(null);
              toast({ title: 'Subscriber deleted', description: res.message, variant: 'success' });
            },
            onError: (err) => toast({ title: 'Error', description: err.message, variant: 'destructive' }),
          })
        }
      >
        <p>
          Everything stored about <strong>{deleting?.email}</strong> is deleted: the address, its status and its deliveries. This cannot be
          undone.
        </p>
      </ConfirmDialog>
    </Container>
  );
}

const SearchInput = styled(Input)`
  max-width: 22rem;
`;
