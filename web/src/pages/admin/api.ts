import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ArticleStats,
  AuditResponse,
  DiagnosticResponse,
  DuplicateResetResult,
  DuplicateStats,
  LowSeoFixResult,
  ProviderHistory,
  PublishedStatusFixResult,
  QueueRetryResult,
  QueuesResponse,
  SessionResponse,
  StuckRequeueResult,
  TagListResponse,
  TagStats,
  ToolReviewResponse,
  ToolReviewResult,
  ToolReviewState,
  AdminSource,
  AdminSourcesResponse,
  SourceKind,
  AdminContentItemResponse,
  AdminContentKind,
  AdminContentListResponse,
} from '@neuralbeat/common/contracts';
import { ADMIN_LOGIN_PATH, ARTICLE_STATS_REFRESH_MS, QUEUES_REFRESH_MS } from '@neuralbeat/common/contracts/browser';
import { ApiError, apiPost, apiRequest } from '../../api/client';

/** The operator console's calls, one hook each. */

export const SESSION_KEY = ['/api/auth/session'] as const;

/** The client's 401-as-null mode (api/client.ts): a signed-out visitor is not an error here, just someone to send to sign-in. */
export function useSession() {
  return useQuery({
    queryKey: SESSION_KEY,
    queryFn: ({ signal }) => apiRequest<SessionResponse | null>('/api/auth/session', { on401: 'returnNull', signal }),
    staleTime: 60_000,
  });
}

export function useSignIn() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { username: string; password: string }) => apiPost<SessionResponse>('/api/auth/login', body),
    onSuccess: (res) => client.setQueryData(SESSION_KEY, res),
  });
}

/**
 * Signs out and loads the sign-in page afresh: nothing an operator saw stays in
 * this browser's memory for the next person, and no guarded page gets to
 * redirect on its own while the sign-in page loads.
 */
export function useSignOut() {
  return useMutation({
    mutationFn: () => apiRequest<null>('/api/auth/logout', { method: 'POST', body: {} }),
    onSuccess: () => window.location.replace(ADMIN_LOGIN_PATH),
  });
}

/** What a failed call says: the API's message and the field it names, else the error's own message (no answer, or not our envelope). */
export const apiFailure = (err: Error): { message: string; field?: string } =>
  (err instanceof ApiError && err.envelope) || { message: err.message };

export const isUnauthorized = (err: unknown) => err instanceof ApiError && err.status === 401;

export const useArticleStats = () =>
  useQuery<ArticleStats>({ queryKey: ['/api/admin/article-stats'], refetchInterval: ARTICLE_STATS_REFRESH_MS });
export const useDuplicateStats = () => useQuery<DuplicateStats>({ queryKey: ['/api/admin/duplicate-stats'] });
export const useProviderHistory = () => useQuery<ProviderHistory>({ queryKey: ['/api/admin/provider-history'] });
export const useQueues = () => useQuery<QueuesResponse>({ queryKey: ['/api/admin/queues'], refetchInterval: QUEUES_REFRESH_MS });
export const useAudit = () => useQuery<AuditResponse>({ queryKey: ['/api/admin/audit?limit=15'] });
export const useTagStats = () => useQuery<TagStats>({ queryKey: ['/api/tags/stats'] });
export const useTagList = (params: { page: number; pageSize: number; sortBy: string; order: string; search: string }) => {
  const qs = new URLSearchParams({
    page: String(params.page),
    pageSize: String(params.pageSize),
    sortBy: params.sortBy,
    order: params.order,
    search: params.search,
  });
  return useQuery<TagListResponse>({ queryKey: [`/api/tags/list?${qs}`], placeholderData: (previous) => previous });
};

export const useDiagnostics = (refetchInterval: number | false) =>
  useQuery<DiagnosticResponse>({ queryKey: ['/api/admin/diagnose-pipeline'], refetchInterval, staleTime: 0 });

export type ResetBody = { dryRun: boolean; fromDate?: string; specificIds?: number[] };

/** A fix call; a live run refreshes what it changed (stats, queues, audit). */
function useFix<B, R>(path: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: B) => apiPost<R>(path, body),
    onSuccess: (_res, body) => {
      if ((body as { dryRun?: boolean }).dryRun === false) {
        return client.invalidateQueries({
          predicate: (q) => /^\/api\/admin\/(article-stats|duplicate-stats|audit|queues|diagnose-pipeline)/.test(String(q.queryKey[0])),
        });
      }
    },
  });
}
export const useResetDuplicates = () => useFix<ResetBody, DuplicateResetResult>('/api/admin/reset-duplicates');
export const useFixPublishedStatuses = () => useFix<{ dryRun: boolean }, PublishedStatusFixResult>('/api/admin/fix-published-statuses');
export const useFixLowSeo = () => useFix<{ dryRun: boolean }, LowSeoFixResult>('/api/admin/fix-low-seo-articles');
export const useRequeueStuck = () => useFix<{ dryRun: boolean }, StuckRequeueResult>('/api/admin/requeue-stuck-articles');

export function useRetryFailed() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ queue, jobId }: { queue: string; jobId?: string }) =>
      apiPost<QueueRetryResult>(`/api/admin/queues/${encodeURIComponent(queue)}/retry`, jobId ? { jobId } : {}),
    onSuccess: () =>
      client.invalidateQueries({ predicate: (q) => /^\/api\/admin\/(queues|audit|article-stats)/.test(String(q.queryKey[0])) }),
  });
}

export const useReviewTools = (status: ToolReviewState) =>
  useQuery<ToolReviewResponse>({ queryKey: [`/api/admin/tools/review?status=${status}`] });
export function useReviewTool() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, decision, reason }: { id: number; decision: 'approve' | 'reject'; reason?: string }) =>
      apiPost<ToolReviewResult>(`/api/admin/tools/${id}/${decision}`, decision === 'reject' && reason ? { reason } : {}),
    onSuccess: () => client.invalidateQueries({ predicate: (q) => /^\/api\/admin\/(tools|audit)/.test(String(q.queryKey[0])) }),
  });
}

/** A page of one managed kind, newest first. */
export function useManagedItems(kind: AdminContentKind, filter: { q: string; published: '' | 'true' | 'false'; offset: number }) {
  const params = new URLSearchParams({ limit: '20', offset: String(filter.offset) });
  if (filter.q.trim()) params.set('q', filter.q.trim());
  if (filter.published) params.set('published', filter.published);
  return useQuery<AdminContentListResponse>({ queryKey: [`/api/admin/${kind}?${params}`] });
}

export type ManageAction =
  | { action: 'create'; body: Record<string, unknown> }
  | { action: 'update'; id: number; body: Record<string, unknown> }
  | { action: 'publish' | 'unpublish' | 'delete'; id: number };

/** Creates, saves, publishes, unpublishes or deletes one item; the kind's lists and the audit reload after. */
export function useManageItem(kind: AdminContentKind) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (a: ManageAction) => {
      const base = `/api/admin/${kind}`;
      if (a.action === 'create') return apiPost<AdminContentItemResponse>(base, a.body);
      if (a.action === 'update') return apiRequest<AdminContentItemResponse>(`${base}/${a.id}`, { method: 'PATCH', body: a.body });
      if (a.action === 'delete') return apiRequest<AdminContentItemResponse>(`${base}/${a.id}`, { method: 'DELETE' });
      return apiPost<AdminContentItemResponse>(`${base}/${a.id}/${a.action}`, {});
    },
    onSuccess: () =>
      client.invalidateQueries({
        predicate: (q) => String(q.queryKey[0]).startsWith(`/api/admin/${kind}`) || String(q.queryKey[0]).startsWith('/api/admin/audit'),
      }),
  });
}

export const useSources = () => useQuery<AdminSourcesResponse>({ queryKey: ['/api/admin/sources'], refetchInterval: QUEUES_REFRESH_MS });
export function useSourceAction() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({
      action,
      id,
      body,
    }: {
      action: 'add' | 'enable' | 'disable' | 'collect' | 'interval';
      id?: number;
      body?: { name: string; feedUrl: string; kind: SourceKind; intervalHours?: number } | { intervalHours: number };
    }) =>
      action === 'interval'
        ? apiRequest<{ message: string; source: AdminSource }>(`/api/admin/sources/${id}`, { method: 'PATCH', body })
        : apiPost<{ message: string; source: AdminSource }>(
            action === 'add' ? '/api/admin/sources' : `/api/admin/sources/${id}/${action}`,
            body ?? {},
          ),
    onSuccess: () => client.invalidateQueries({ predicate: (q) => /^\/api\/admin\/(sources|audit)/.test(String(q.queryKey[0])) }),
  });
}
