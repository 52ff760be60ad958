import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import { Button, Container, Muted, PageHeading, Skeleton } from '../../components/ui';
import { useToast } from '../../components/toast/ToastProvider';
import { MailFrame } from '../../components/MailFrame';
import { Seo } from '../../seo/Seo';
import { useCaughtMail, useClearMail, useMailMessage } from './mailApi';
import { Alert, DataTable, MailText, Panel, Table, TableScroll, Tabs } from './components/AdminUi';
import { Loaded } from './components/Loaded';
import type { AdminMailMessage } from '@neuralbeat/common/contracts';
import { formatDateTime } from './format';

const formatSize = (bytes: number) => (bytes < 1024 ? `${bytes} B` : `${(bytes / 1024).toFixed(1)} KB`);

/**
 * /admin/mail: what the local mail catcher received (no SMTP_URL set): every
 * confirmation, contact message and issue the pipeline sent, newest first; a
 * message opens with its rendered HTML, text part and headers.
 */
export default function MailPage() {
  const mail = useCaughtMail();
  const clear = useClearMail();
  const toast = useToast();
  const [params, setParams] = useSearchParams();
  const selected = params.get('id');
  const select = (id: string | null) => setParams(id ? { id } : {}, { replace: true });
  return (
    <Container>
      <Seo title="Mail" noindex />
      <PageHeading>Mail</PageHeading>
      <Loaded query={mail} skeleton="12rem" failure="Could not load the caught mail">
        {(data) =>
          !data.enabled ? (
            <Alert tone="info" title="The mail catcher is not enabled">
              Mail is sent through {data.smtp} (SMTP_URL is set), so nothing is kept here. Unset SMTP_URL to catch mail locally.
            </Alert>
          ) : (
            <>
              <Muted>
                No SMTP server is configured (SMTP_URL), so the pipeline sends every mail to the local catcher at {data.smtp}. It keeps the
                last 500 messages in memory until the pipeline restarts.
              </Muted>
              <Panel
                title={`Caught mail (${data.messages.length})`}
                id="caught-mail"
                actions={
                  <Button
                    type="button"
                    $variant="outline"
                    disabled={clear.isPending || data.messages.length === 0}
                    onClick={() => {
                      // The open message is among what goes: close it first rather than have it fail to load.
                      select(null);
                      clear.mutate(undefined, {
                        onSuccess: (res) => toast({ title: 'Mail cleared', description: res.message, variant: 'success' }),
                        onError: (err) => toast({ title: 'Error', description: err.message, variant: 'destructive' }),
                      });
                    }}
                  >
                    Clear all
                  </Button>
                }
              >
                {data.messages.length === 0 ? (
                  <p>No mail caught yet. Subscribe to the newsletter or send a contact message to see one here.</p>
                ) : (
                  <DataTable columns={['Received', 'From', 'To', 'Subject', { label: 'Size', num: true }]}>
                    {data.messages.map((m) => (
                      <Row key={m.id} $selected={m.id === selected} data-mail={m.id}>
                        <td>{formatDateTime(m.receivedAt)}</td>
                        <td>{m.from}</td>
                        <td>{m.to.join(', ')}</td>
                        <td>
                          <LinkButton type="button" onClick={() => select(m.id)} aria-pressed={m.id === selected}>
                            {m.subject || '(no subject)'}
                          </LinkButton>
                        </td>
                        <td className="num">{formatSize(m.size)}</td>
                      </Row>
                    ))}
                  </DataTable>
                )}
              </Panel>
              {selected && <MailMessage id={selected} />}
            </>
          )
        }
      </Loaded>
    </Container>
  );
}

type Part = 'html' | 'text' | 'headers';

function MailMessage({ id }: { id: string }) {
  const q = useMailMessage(id);
  // The part chosen stays chosen when another message opens.
  const [part, setPart] = useState<Part>('html');
  return (
    <Loaded query={q} skeleton={<Skeleton $height="30rem" style={{ margin: '1.25rem 0' }} />} failure="Could not load this message">
      {(data) => <MailMessageParts message={data.message} part={part} onPart={setPart} />}
    </Loaded>
  );
}

function MailMessageParts({ message: m, part, onPart }: { message: AdminMailMessage; part: Part; onPart: (part: Part) => void }) {
  const shown: Part = part === 'html' && !m.html ? 'text' : part;
  return (
    <Panel title={m.subject || '(no subject)'} id="mail-message">
      <Facts>
        <dt>From</dt>
        <dd>{m.from}</dd>
        <dt>To</dt>
        <dd>{m.to.join(', ')}</dd>
        <dt>Received</dt>
        <dd>{formatDateTime(m.receivedAt)}</dd>
      </Facts>
      <Tabs role="tablist" aria-label="Message part">
        {(['html', 'text', 'headers'] as const).map((p) => (
          <button key={p} type="button" role="tab" aria-selected={shown === p} disabled={p === 'html' && !m.html} onClick={() => onPart(p)}>
            {p === 'html' ? 'HTML' : p === 'text' ? 'Text' : 'Headers'}
          </button>
        ))}
      </Tabs>
      {shown === 'html' && m.html ? (
        <MailFrame html={m.html} title={`Message: ${m.subject}`} />
      ) : shown === 'text' ? (
        <MailText $maxHeight="40rem" data-testid="mail-text">
          {m.text ?? '(no text part)'}
        </MailText>
      ) : (
        <TableScroll>
          <Table aria-label="Headers">
            <tbody>
              {m.headers.map((h, i) => (
                <tr key={`${h.key}-${i}`}>
                  <th>{h.key}</th>
                  <td>
                    <Wrap>{h.value}</Wrap>
                  </td>
                </tr>
              ))}
            </tbody>
          </Table>
        </TableScroll>
      )}
    </Panel>
  );
}

const Row = styled.tr<{ $selected: boolean }>`
  background: ${(p) => (p.$selected ? p.theme.colors.surfaceAlt : 'transparent')};
`;
const LinkButton = styled.button`
  border: none;
  background: none;
  padding: 0;
  font: inherit;
  font-weight: 600;
  color: ${(p) => p.theme.colors.primary};
  cursor: pointer;
  text-align: left;
  &:hover {
    text-decoration: underline;
  }
`;
const Facts = styled.dl`
  display: grid;
  grid-template-columns: max-content 1fr;
  gap: 0.3rem 1rem;
  margin: 0;
  font-size: 0.92rem;
  dt {
    font-weight: 600;
    color: ${(p) => p.theme.colors.muted};
  }
  dd {
    margin: 0;
    word-break: break-all;
  }
`;
const Wrap = styled.span`
  word-break: break-all;
  font-family: ui-monospace, monospace;
  font-size: 0.85rem;
`;
