import type { Knex } from 'knex';
import type { AuditAction, AuditEntry } from './contracts/admin';

export interface AuditRecord {
  actor: { id: number | null; username: string };
  action: AuditAction;
  params?: Record<string, unknown>;
  /** The rows the action changed; their number is the record's count unless `affectedCount` says otherwise. */
  affectedIds: number[];
  affectedCount?: number;
  requestId?: string;
}

interface AuditRow {
  id: string;
  actor_username: string;
  action: AuditAction;
  params: Record<string, unknown>;
  affected_count: number;
  affected_ids: number[];
  created_at: Date;
}

/**
 * The operators' audit trail (`admin_audit_log`, owned by content): written by
 * whichever service carries out an operator's change, inside the change's own
 * transaction where there is one, so a record exists exactly when the change does.
 */
export async function recordAudit(db: Knex, record: AuditRecord): Promise<void> {
  await db('admin_audit_log').insert({
    actor_id: record.actor.id,
    actor_username: record.actor.username,
    action: record.action,
    params: JSON.stringify(record.params ?? {}),
    affected_count: record.affectedCount ?? record.affectedIds.length,
    affected_ids: record.affectedIds,
    request_id: record.requestId ?? null,
  });
}

/** The newest records first. */
export async function listAudit(db: Knex, limit: number): Promise<AuditEntry[]> {
  const rows = await db<AuditRow>('admin_audit_log')
    .orderBy([
      { column: 'created_at', order: 'desc' },
      { column: 'id', order: 'desc' },
    ])
    .limit(limit);
  return rows.map((r) => ({
    id: Number(r.id),
    actor: r.actor_username,
    action: r.action,
    params: r.params,
    affectedCount: r.affected_count,
    affectedIds: r.affected_ids,
    createdAt: r.created_at.toISOString(),
  }));
}
