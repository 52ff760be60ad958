import { useState, type FormEvent } from 'react';
import { NavLink, useParams } from 'react-router-dom';
import styled from 'styled-components';
import type { AdminContentItem, AdminContentKind } from '@neuralbeat/common/contracts';
import { Button, Container, Input, Muted, PageHeading, TextArea } from '../../components/ui';
import { useToast } from '../../components/toast/ToastProvider';
import { Seo } from '../../seo/Seo';
import NotFoundPage from '../NotFoundPage';
import { apiFailure, useManageItem, useManagedItems } from './api';
import { ADMIN_CONTENT_KINDS, ADMIN_KINDS, type AdminFieldDef, type AdminKindDef } from './contentKinds';
import { ACTIONS_COLUMN, Alert, DataTable, Panel, Select, StatusBadge, Toolbar } from './components/AdminUi';
import { Loaded } from './components/Loaded';
import { formatDateTime } from './format';

const isKind = (k: string | undefined): k is AdminContentKind => (ADMIN_CONTENT_KINDS as readonly string[]).includes(k ?? '');

/** /admin/content/{kind}: the events, jobs, learning resources or tools visitors see; create, edit, publish, unpublish, delete. */
export default function ContentPage() {
  const { kind } = useParams();
  if (!isKind(kind)) return <NotFoundPage />;
  // A fresh screen per kind: its filter and open form do not carry over.
  return <KindScreen key={kind} def={ADMIN_KINDS[kind]} />;
}

function KindScreen({ def }: { def: AdminKindDef }) {
  const [q, setQ] = useState('');
  const [published, setPublished] = useState<'' | 'true' | 'false'>('');
  const [offset, setOffset] = useState(0);
  const [editing, setEditing] = useState<AdminContentItem | 'new' | null>(null);
  const items = useManagedItems(def.kind, { q, published, offset });
  return (
    <Container>
      <Seo title={`Site Content: ${def.title}`} noindex />
      <PageHeading>Site Content: {def.title}</PageHeading>
      <KindNav aria-label="Content kinds">
        {ADMIN_CONTENT_KINDS.map((k) => (
          <NavLink key={k} to={`/admin/content/${k}`}>
            {ADMIN_KINDS[k].title}
          </NavLink>
        ))}
      </KindNav>
      <Muted>Every change reaches the site, its search and its caches within a second, and is recorded in the audit log.</Muted>
      {editing ? (
        <ItemForm
          key={editing === 'new' ? 'new' : editing.id}
          def={def}
          item={editing === 'new' ? null : editing}
          onDone={() => setEditing(null)}
        />
      ) : (
        <Toolbar>
          <Button type="button" onClick={() => setEditing('new')}>
            New {def.noun}
          </Button>
        </Toolbar>
      )}
      <Panel title={def.title} id="items">
        <Toolbar>
          <Input
            type="search"
            aria-label={`Filter ${def.title.toLowerCase()}`}
            placeholder="Filter by name"
            value={q}
            onChange={(e) => {
              setQ(e.target.value);
              setOffset(0);
            }}
          />
          <Select
            aria-label="Publication"
            value={published}
            onChange={(e) => {
              setPublished(e.target.value as typeof published);
              setOffset(0);
            }}
          >
            <option value="">All</option>
            <option value="true">Published</option>
            <option value="false">Unpublished</option>
          </Select>
        </Toolbar>
        <Loaded
          query={items}
          skeleton="12rem"
          failure={`Could not load ${def.title.toLowerCase()}`}
          isEmpty={(data) => data.items.length === 0}
          empty={`No ${def.title.toLowerCase()} match.`}
        >
          {(data) => (
            <>
              <DataTable columns={['Name', 'Status', def.relevance && 'Relevance', def.closing && 'Open', 'Added', ACTIONS_COLUMN]}>
                {data.items.map((item) => (
                  <ItemRow key={item.id} def={def} item={item} onEdit={() => setEditing(item)} />
                ))}
              </DataTable>
              <Toolbar>
                <span>
                  {offset + 1}–{offset + data.items.length} of {data.total}
                </span>
                <Button
                  type="button"
                  $variant="outline"
                  disabled={offset === 0}
                  onClick={() => setOffset(Math.max(0, offset - data.limit))}
                >
                  Previous
                </Button>
                <Button
                  type="button"
                  $variant="outline"
                  disabled={offset + data.items.length >= data.total}
                  onClick={() => setOffset(offset + data.limit)}
                >
                  Next
                </Button>
              </Toolbar>
            </>
          )}
        </Loaded>
      </Panel>
    </Container>
  );
}

function ItemRow({ def, item, onEdit }: { def: AdminKindDef; item: AdminContentItem; onEdit: () => void }) {
  const manage = useManageItem(def.kind);
  const toast = useToast();
  const [confirming, setConfirming] = useState(false);
  const name = String(item[def.nameField]);
  const run = (action: 'publish' | 'unpublish' | 'delete') =>
    manage.mutate(
      { action, id: item.id },
      {
        onSuccess: (res) => toast({ title: 'Done', description: res.message, variant: 'success' }),
        onError: (err) => toast({ title: 'Error', description: apiFailure(err).message, variant: 'destructive' }),
      },
    );
  return (
    <tr data-item={item.id}>
      <td>
        <strong>{name}</strong>
        {item.published && (
          <Small>
            <a href={def.publicPath(item)} target="_blank" rel="noreferrer">
              View on site
            </a>
          </Small>
        )}
      </td>
      <td>
        <StatusBadge status={item.published ? 'published' : 'unpublished'} tone={item.published ? 'green' : 'amber'} />
      </td>
      {def.relevance && <td>{typeof item.aiRelevanceScore === 'number' ? item.aiRelevanceScore : '—'}</td>}
      {def.closing && <td>{openState(item)}</td>}
      <td>{item.createdAt ? formatDateTime(item.createdAt) : '—'}</td>
      <Actions>
        <Button type="button" $variant="outline" onClick={onEdit} aria-label={`Edit ${name}`}>
          Edit
        </Button>
        <Button
          type="button"
          $variant="outline"
          disabled={manage.isPending}
          onClick={() => run(item.published ? 'unpublish' : 'publish')}
          aria-label={`${item.published ? 'Unpublish' : 'Publish'} ${name}`}
        >
          {item.published ? 'Unpublish' : 'Publish'}
        </Button>
        {confirming ? (
          <>
            <Button type="button" disabled={manage.isPending} onClick={() => run('delete')} aria-label={`Confirm deleting ${name}`}>
              Delete for good
            </Button>
            <Button type="button" $variant="ghost" onClick={() => setConfirming(false)}>
              Keep
            </Button>
          </>
        ) : (
          <Button type="button" $variant="ghost" onClick={() => setConfirming(true)} aria-label={`Delete ${name}`}>
            Delete
          </Button>
        )}
      </Actions>
    </tr>
  );
}

/** "Closed", "Open until Dec 3, 2026, 9:00 AM" or "Open": a job past its date is closed though the sweep has not marked it yet. */
function openState(item: AdminContentItem): string {
  const until = typeof item.validThrough === 'string' ? item.validThrough : null;
  if (item.closedAt || (until && new Date(until).getTime() <= Date.now())) return 'Closed';
  return until ? `Open until ${formatDateTime(until)}` : 'Open';
}

/** A stored value as the form's text: lists comma separated, times in the browser's zone as datetime-local wants them. */
function asFormValue(field: AdminFieldDef, value: unknown): string | boolean {
  if (field.type === 'checkbox') return Boolean(value);
  if (value === null || value === undefined) return '';
  if (field.type === 'list') return (value as string[]).join(', ');
  if (field.type === 'datetime') {
    const d = new Date(String(value));
    const local = new Date(d.getTime() - d.getTimezoneOffset() * 60_000);
    return local.toISOString().slice(0, 16);
  }
  return String(value);
}

/** The form's text as the API takes it: trimmed, lists split on commas, local times as instants, blanks as null. */
function asPayload(field: AdminFieldDef, value: string | boolean): unknown {
  if (field.type === 'checkbox') return Boolean(value);
  const text = String(value).trim();
  if (field.type === 'list')
    return text
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
  if (field.type === 'datetime') return text ? new Date(text).toISOString() : null;
  if (field.name === 'slug') return text;
  return text || (field.required ? '' : null);
}

/** The collector's relevance score and why, for the operator deciding on the item; not editable. */
function RelevanceReasons({ item }: { item: AdminContentItem }) {
  const reasons = Array.isArray(item.aiRelevanceReasons) ? item.aiRelevanceReasons.map(String) : [];
  return (
    <Field $wide aria-labelledby={`relevance-${item.id}`} role="group">
      <strong id={`relevance-${item.id}`}>
        AI relevance score: {typeof item.aiRelevanceScore === 'number' ? `${item.aiRelevanceScore} / 100` : '—'}
      </strong>
      {reasons.length ? (
        <Reasons>
          {reasons.map((reason, i) => (
            <li key={i}>{reason}</li>
          ))}
        </Reasons>
      ) : (
        <Small>No reasons recorded (added by an operator or before scoring).</Small>
      )}
    </Field>
  );
}

const Reasons = styled.ul`
  margin: 0.3rem 0 0;
  padding-left: 1.2rem;
  font-size: 0.9rem;
`;

function ItemForm({ def, item, onDone }: { def: AdminKindDef; item: AdminContentItem | null; onDone: () => void }) {
  const manage = useManageItem(def.kind);
  const toast = useToast();
  const [initial] = useState<Record<string, string | boolean>>(() =>
    Object.fromEntries(def.fields.map((f) => [f.name, f.type === 'select' && !item ? '' : asFormValue(f, item?.[f.name])])),
  );
  const [values, setValues] = useState(initial);
  const error = manage.isError ? apiFailure(manage.error) : null;
  const fieldError = (name: string) => (error?.field === name ? error.message : undefined);

  const handleSubmit = (e: FormEvent) => {
    e.preventDefault();
    const body = Object.fromEntries(
      def.fields
        // An edit sends only what the operator changed: a collected item's other fields keep following its source, and
        // saving a typo fix does not reopen a job its board closed.
        .filter((f) => !(item && values[f.name] === initial[f.name]))
        .map((f) => [f.name, asPayload(f, values[f.name] ?? '')]),
    );
    manage.mutate(item ? { action: 'update', id: item.id, body } : { action: 'create', body }, {
      onSuccess: (res) => {
        toast({ title: item ? 'Saved' : 'Created', description: res.message, variant: 'success' });
        onDone();
      },
    });
  };
  const formId = `${def.kind}-form`;
  return (
    <Panel title={item ? `Edit ${def.noun}` : `New ${def.noun}`} id={formId}>
      <Form onSubmit={handleSubmit} noValidate aria-labelledby={`${formId}-title`}>
        {def.fields.map((f) => {
          const id = `${def.kind}-field-${f.name}`;
          const err = fieldError(f.name);
          const common = {
            id,
            name: f.name,
            'aria-invalid': err ? true : undefined,
            'aria-describedby': err ? `${id}-error` : f.hint ? `${id}-hint` : undefined,
          };
          const text = String(values[f.name] ?? '');
          const set = (v: string | boolean) => setValues((prev) => ({ ...prev, [f.name]: v }));
          return (
            <Field key={f.name} $wide={f.type === 'textarea'}>
              {f.type === 'checkbox' ? (
                <CheckLabel>
                  <input type="checkbox" {...common} checked={Boolean(values[f.name])} onChange={(e) => set(e.target.checked)} />
                  {f.label}
                </CheckLabel>
              ) : (
                <>
                  <label htmlFor={id}>
                    {f.label}
                    {f.required && <span aria-hidden="true"> *</span>}
                  </label>
                  {f.type === 'textarea' ? (
                    <TextArea {...common} value={text} onChange={(e) => set(e.target.value)} />
                  ) : f.type === 'select' ? (
                    <Select {...common} value={text} onChange={(e) => set(e.target.value)}>
                      <option value="">Choose…</option>
                      {f.options?.map((o) => (
                        <option key={o} value={o}>
                          {o}
                        </option>
                      ))}
                    </Select>
                  ) : (
                    <Input
                      {...common}
                      type={f.type === 'datetime' ? 'datetime-local' : f.type === 'url' ? 'url' : 'text'}
                      value={text}
                      onChange={(e) => set(e.target.value)}
                    />
                  )}
                </>
              )}
              {err ? (
                <FieldError id={`${id}-error`} role="alert">
                  {err}
                </FieldError>
              ) : (
                f.hint && <Small id={`${id}-hint`}>{f.hint}</Small>
              )}
            </Field>
          );
        })}
        {error && !def.fields.some((f) => f.name === error.field) && <Alert tone="error">{error.message}</Alert>}
        {def.relevance && item && <RelevanceReasons item={item} />}
        <Toolbar>
          <Button type="submit" disabled={manage.isPending}>
            {manage.isPending ? 'Saving...' : item ? 'Save' : `Create ${def.noun}`}
          </Button>
          <Button type="button" $variant="ghost" onClick={onDone}>
            Cancel
          </Button>
        </Toolbar>
      </Form>
    </Panel>
  );
}

const KindNav = styled.nav`
  display: flex;
  flex-wrap: wrap;
  gap: 0.25rem;
  margin-bottom: 0.75rem;
  a {
    padding: 0.35rem 0.7rem;
    border-radius: ${(p) => p.theme.radius.md};
    text-decoration: none;
    color: ${(p) => p.theme.colors.text};
  }
  a.active {
    background: ${(p) => p.theme.colors.surfaceAlt};
    color: ${(p) => p.theme.colors.primary};
  }
`;
const Form = styled.form`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(16rem, 1fr));
  gap: 0.75rem 1rem;
  > div:last-child {
    grid-column: 1 / -1;
  }
`;
const Field = styled.div<{ $wide?: boolean }>`
  display: flex;
  flex-direction: column;
  gap: 0.25rem;
  ${(p) => (p.$wide ? 'grid-column: 1 / -1;' : '')}
  label {
    font-weight: 500;
    font-size: 0.92rem;
  }
`;
const CheckLabel = styled.label`
  display: flex;
  align-items: center;
  gap: 0.5rem;
  min-height: 2.5rem;
`;
const FieldError = styled.p`
  margin: 0;
  color: #b91c1c;
  font-size: 0.85rem;
`;
const Small = styled.span`
  display: block;
  font-size: 0.82rem;
  color: ${(p) => p.theme.colors.muted};
`;
const Actions = styled.td`
  white-space: nowrap;
  button + button {
    margin-left: 0.35rem;
  }
`;
