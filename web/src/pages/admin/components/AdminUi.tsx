import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import styled, { css } from 'styled-components';

/** Building blocks shared by the operator screens (kept out of the public bundle with them). */

/** Diagnostics colours: pending blue, completed green, processing amber, duplicate red, other grey. */
export const STATUS_COLORS: Record<string, string> = {
  pending: '#2563eb',
  completed: '#16a34a',
  processing: '#d97706',
  duplicate: '#dc2626',
};
export const statusColor = (status: string) => STATUS_COLORS[status] ?? '#64748b';

export function StatusBadge({ status, tone }: { status: string; tone?: 'amber' | 'green' }) {
  const color = tone === 'amber' ? '#b45309' : tone === 'green' ? '#15803d' : statusColor(status);
  return (
    <Pill style={{ color, background: `${color}1a` }} data-status={status} data-tone={tone}>
      {status}
    </Pill>
  );
}

export function Panel({ title, actions, children, id }: { title?: ReactNode; actions?: ReactNode; children: ReactNode; id?: string }) {
  return (
    <PanelBox aria-labelledby={title && id ? `${id}-title` : undefined}>
      {(title || actions) && (
        <PanelHead>
          {title && <h2 id={id ? `${id}-title` : undefined}>{title}</h2>}
          {actions}
        </PanelHead>
      )}
      {children}
    </PanelBox>
  );
}

export function Alert({ tone, title, children }: { tone: 'error' | 'warning' | 'info' | 'success'; title?: string; children?: ReactNode }) {
  return (
    <AlertBox role={tone === 'error' ? 'alert' : 'status'} $tone={tone} data-tone={tone}>
      {title && <strong>{title}</strong>}
      {children && <div>{children}</div>}
    </AlertBox>
  );
}

/** The dry-run switch of every fix tool: on by default, and saying plainly what each position does. */
export function DryRunSwitch({ checked, onChange, disabled }: { checked: boolean; onChange: (v: boolean) => void; disabled?: boolean }) {
  return (
    <SwitchLabel>
      <input
        type="checkbox"
        role="switch"
        aria-checked={checked}
        checked={checked}
        disabled={disabled}
        onChange={(e) => onChange(e.target.checked)}
      />
      <span aria-hidden="true" />
      Dry run
    </SwitchLabel>
  );
}

export function ModeBanner({ dryRun, live }: { dryRun: boolean; live: string }) {
  return dryRun ? (
    <Alert tone="info" title="Dry Run mode">
      Preview only: shows which articles would change. Nothing is written.
    </Alert>
  ) : (
    <Alert tone="warning" title="Live mode">
      {live}
    </Alert>
  );
}

/** The way back up: to the dashboard unless told where. */
export function BackLink({ to = '/admin', children = '← Back to Admin' }: { to?: string; children?: ReactNode }) {
  return <Back to={to}>{children}</Back>;
}

export const Table = styled.table`
  width: 100%;
  border-collapse: collapse;
  font-size: 0.92rem;
  th,
  td {
    text-align: left;
    padding: 0.5rem 0.6rem;
    border-bottom: 1px solid ${(p) => p.theme.colors.border};
    vertical-align: top;
  }
  th {
    font-weight: 600;
    color: ${(p) => p.theme.colors.muted};
    white-space: nowrap;
  }
  td.num,
  th.num {
    text-align: right;
    font-variant-numeric: tabular-nums;
  }
`;
export const TableScroll = styled.div`
  overflow-x: auto;
`;

/** A column heading: its text, right-aligned for numbers, or read only by screen readers (a row's actions); `false` or nothing leaves it out. */
export type Column = string | { label: string; num?: boolean; hidden?: boolean } | false | undefined;
export const ACTIONS_COLUMN: Column = { label: 'Actions', hidden: true };

/** A console table: scrolls sideways when narrow, one heading row, the rows given. */
export function DataTable({ columns, label, children }: { columns: Column[]; label?: string; children: ReactNode }) {
  return (
    <TableScroll>
      <Table aria-label={label}>
        <thead>
          <tr>
            {columns.map((c, i) =>
              !c ? null : typeof c === 'string' ? (
                <th key={i}>{c}</th>
              ) : (
                <th key={i} className={c.num ? 'num' : undefined}>
                  {c.hidden ? <span className="visually-hidden">{c.label}</span> : c.label}
                </th>
              ),
            )}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </Table>
    </TableScroll>
  );
}

/** A console drop-down: a filter or a form's choice. */
export const Select = styled.select`
  height: 2.5rem;
  padding: 0 0.5rem;
  border: 1px solid ${(p) => p.theme.colors.border};
  border-radius: ${(p) => p.theme.radius.md};
  font: inherit;
  background: ${(p) => p.theme.colors.bg};
`;

/** A mail's text part as sent: its own line breaks, long lines wrapped, scrolling past `$maxHeight`. */
export const MailText = styled.pre<{ $maxHeight: string }>`
  white-space: pre-wrap;
  word-break: break-word;
  background: ${(p) => p.theme.colors.surface};
  border-radius: ${(p) => p.theme.radius.md};
  padding: 1rem;
  font-size: 0.88rem;
  max-height: ${(p) => p.$maxHeight};
  overflow: auto;
`;

/** A muted second line under a cell's value. */
export const CellNote = styled.span`
  display: block;
  font-size: 0.8rem;
  color: ${(p) => p.theme.colors.muted};
`;

/** The small buttons at the end of a table row. */
export const RowActions = styled.div`
  display: flex;
  gap: 0.4rem;
  a,
  button {
    min-height: 2rem;
    padding: 0 0.6rem;
    font-size: 0.85rem;
    white-space: nowrap;
  }
`;

export const Toolbar = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 0.75rem;
  margin: 1rem 0;
`;

export const StatGrid = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(9rem, 1fr));
  gap: 0.75rem;
  margin: 0.75rem 0;
`;
export function Stat({ label, value, testId }: { label: string; value: ReactNode; testId?: string }) {
  return (
    <StatBox>
      <span>{label}</span>
      <strong data-testid={testId}>{value}</strong>
    </StatBox>
  );
}

/** A row of tab buttons (role="tab"), the selected one underlined. */
export const Tabs = styled.div`
  display: flex;
  gap: 0.25rem;
  border-bottom: 1px solid ${(p) => p.theme.colors.border};
  margin: 1rem 0 1.25rem;
  button {
    border: none;
    background: none;
    font: inherit;
    font-weight: 600;
    padding: 0.6rem 1rem;
    cursor: pointer;
    border-bottom: 2px solid transparent;
    color: ${(p) => p.theme.colors.muted};
  }
  button[aria-selected='true'] {
    color: ${(p) => p.theme.colors.primary};
    border-bottom-color: ${(p) => p.theme.colors.primary};
  }
`;

export const Summary = styled.p`
  font-weight: 600;
  margin: 0.75rem 0;
`;

const Pill = styled.span`
  display: inline-block;
  padding: 0.1rem 0.55rem;
  border-radius: 999px;
  font-size: 0.78rem;
  font-weight: 600;
  text-transform: capitalize;
  white-space: nowrap;
`;
const PanelBox = styled.section`
  border: 1px solid ${(p) => p.theme.colors.border};
  border-radius: ${(p) => p.theme.radius.lg};
  background: ${(p) => p.theme.colors.bg};
  box-shadow: ${(p) => p.theme.shadow.card};
  padding: 1.25rem;
  margin: 1.25rem 0;
  min-width: 0;
`;
const PanelHead = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: space-between;
  align-items: center;
  gap: 0.75rem;
  margin-bottom: 0.75rem;
  h2 {
    font-size: 1.15rem;
    margin: 0;
  }
`;
const TONES = {
  error: { bg: '#fef2f2', border: '#fecaca', text: '#991b1b' },
  warning: { bg: '#fffbeb', border: '#fde68a', text: '#92400e' },
  info: { bg: '#eff6ff', border: '#bfdbfe', text: '#1e40af' },
  success: { bg: '#f0fdf4', border: '#bbf7d0', text: '#166534' },
};
const AlertBox = styled.div<{ $tone: keyof typeof TONES }>`
  ${(p) => css`
    background: ${TONES[p.$tone].bg};
    border: 1px solid ${TONES[p.$tone].border};
    color: ${TONES[p.$tone].text};
  `}
  border-radius: ${(p) => p.theme.radius.md};
  padding: 0.75rem 1rem;
  margin: 0.75rem 0;
  strong {
    display: block;
  }
`;
const SwitchLabel = styled.label`
  display: inline-flex;
  align-items: center;
  gap: 0.6rem;
  font-weight: 600;
  cursor: pointer;
  input {
    position: absolute;
    opacity: 0;
    width: 1px;
    height: 1px;
  }
  span {
    width: 2.6rem;
    height: 1.5rem;
    border-radius: 999px;
    background: #cbd5e1;
    position: relative;
    transition: background 0.15s;
  }
  span::after {
    content: '';
    position: absolute;
    top: 0.2rem;
    left: 0.2rem;
    width: 1.1rem;
    height: 1.1rem;
    border-radius: 50%;
    background: #fff;
    transition: transform 0.15s;
  }
  input:checked + span {
    background: ${(p) => p.theme.colors.primary};
  }
  input:checked + span::after {
    transform: translateX(1.1rem);
  }
  input:focus-visible + span {
    outline: 3px solid ${(p) => p.theme.colors.accent};
    outline-offset: 2px;
  }
`;
const Back = styled(Link)`
  display: inline-block;
  margin-top: 1.5rem;
  text-decoration: none;
  font-weight: 600;
`;
const StatBox = styled.div`
  border: 1px solid ${(p) => p.theme.colors.border};
  border-radius: ${(p) => p.theme.radius.md};
  padding: 0.6rem 0.8rem;
  display: flex;
  flex-direction: column;
  span {
    color: ${(p) => p.theme.colors.muted};
    font-size: 0.82rem;
  }
  strong {
    font-size: 1.4rem;
    font-variant-numeric: tabular-nums;
  }
`;
