import { useState } from 'react';
import styled from 'styled-components';
import { Badge, Button, Container, Muted, PageHeading, Skeleton } from '../../components/ui';
import { useToast } from '../../components/toast/ToastProvider';
import { Seo } from '../../seo/Seo';
import { MESSAGES_PAGE_SIZE, useContactMessages, useMarkRead } from './mailApi';
import type { AdminContactMessage } from '@neuralbeat/common/contracts';
import { Loaded } from './components/Loaded';
import { Pager } from './components/Pager';
import { formatDateTime } from './format';

/** /admin/messages: the contact inbox, newest first: every message sent from the Contact and About forms, and whether its mail went out. */
export default function MessagesPage() {
  const [offset, setOffset] = useState(0);
  const messages = useContactMessages(offset);
  return (
    <Container>
      <Seo title="Messages" noindex />
      <PageHeading>Messages</PageHeading>
      <Muted>Messages from the Contact page and the About page's form. Each is also mailed to the contact address; reply from there.</Muted>
      <Loaded
        query={messages}
        skeleton={<Skeleton $height="16rem" style={{ marginTop: '1.25rem' }} />}
        failure="Could not load the messages"
        isEmpty={(data) => data.messages.length === 0}
        empty="No messages yet."
      >
        {(data) => (
          <>
            <List>
              {data.messages.map((m) => (
                <MessageCard key={m.id} message={m} />
              ))}
            </List>
            <Pager offset={offset} pageSize={MESSAGES_PAGE_SIZE} total={data.total} noun="messages" onChange={setOffset} />
          </>
        )}
      </Loaded>
    </Container>
  );
}

function MessageCard({ message: m }: { message: AdminContactMessage }) {
  const markRead = useMarkRead();
  const toast = useToast();
  const unread = !m.readAt;
  return (
    <Card aria-labelledby={`message-${m.id}`} data-message={m.id} data-unread={unread}>
      <Head>
        <div>
          <h2 id={`message-${m.id}`}>{m.subject}</h2>
          <Meta>
            <span>
              <strong>{m.name}</strong> &lt;<a href={`mailto:${m.email}`}>{m.email}</a>&gt;
            </span>
            <span>{formatDateTime(m.createdAt)}</span>
            {unread ? <Badge $color="#2563eb">Unread</Badge> : <Badge $color="#64748b">Read</Badge>}
            {m.deliveredAt ? (
              <Badge $color="#16a34a">Mailed {formatDateTime(m.deliveredAt)}</Badge>
            ) : m.deliveryError ? (
              <Badge $color="#dc2626" title={m.deliveryError}>
                Not mailed: {m.deliveryError}
              </Badge>
            ) : (
              <Badge $color="#d97706">Mailing...</Badge>
            )}
          </Meta>
        </div>
        {unread && (
          <Button
            type="button"
            $variant="outline"
            disabled={markRead.isPending}
            onClick={() =>
              markRead.mutate(m.id, { onError: (err) => toast({ title: 'Error', description: err.message, variant: 'destructive' }) })
            }
          >
            Mark read
          </Button>
        )}
      </Head>
      <Body>{m.message}</Body>
    </Card>
  );
}

const List = styled.div`
  display: grid;
  gap: 1rem;
  margin-top: 1.25rem;
`;
const Card = styled.article`
  border: 1px solid ${(p) => p.theme.colors.border};
  border-radius: ${(p) => p.theme.radius.lg};
  box-shadow: ${(p) => p.theme.shadow.card};
  padding: 1rem 1.25rem;
  &[data-unread='true'] {
    border-left: 4px solid ${(p) => p.theme.colors.primary};
  }
`;
const Head = styled.div`
  display: flex;
  justify-content: space-between;
  align-items: flex-start;
  gap: 1rem;
  h2 {
    font-size: 1.1rem;
    margin: 0 0 0.35rem;
  }
`;
const Meta = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 0.4rem 0.8rem;
  font-size: 0.88rem;
  color: ${(p) => p.theme.colors.muted};
`;
const Body = styled.p`
  white-space: pre-wrap;
  margin: 0.75rem 0 0;
`;
