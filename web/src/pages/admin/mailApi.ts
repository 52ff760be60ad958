import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiPost, apiRequest } from '../../api/client';
import type {
  AdminContactMessagesResponse,
  AdminMailListResponse,
  AdminMailMessageResponse,
  AdminNewsletterDryRunResponse,
  AdminNewsletterIssueResponse,
  AdminNewsletterIssuesResponse,
  AdminSubscribersResponse,
  NewsletterIssueEdit,
  NewsletterMessageResponse,
  SubscriberStatus,
} from '@neuralbeat/common/contracts';

/** The console's newsletter, subscriber, contact inbox and caught-mail calls (E-shared.md operator API). */

/** How often screens that follow delivery refresh: the issue being sent, the caught mail. */
export const DELIVERY_REFRESH_MS = 2_000;
export const MAIL_REFRESH_MS = 5_000;
export const SCHEDULED_REFRESH_MS = 30_000;
export const SUBSCRIBERS_PAGE_SIZE = 50;
export const MESSAGES_PAGE_SIZE = 25;

const invalidate = (client: ReturnType<typeof useQueryClient>, pattern: RegExp) =>
  client.invalidateQueries({ predicate: (q) => pattern.test(String(q.queryKey[0])) });

export const ISSUES_KEY = '/api/admin/newsletter/issues';
export const issueKey = (id: number) => `${ISSUES_KEY}/${id}`;

export const useIssues = () =>
  useQuery<AdminNewsletterIssuesResponse>({
    queryKey: [ISSUES_KEY],
    // Counts move while an issue is being sent.
    refetchInterval: (q) => (q.state.data?.issues.some((i) => i.status === 'sending') ? DELIVERY_REFRESH_MS : false),
  });

export const useIssue = (id: number) =>
  useQuery<AdminNewsletterIssueResponse>({
    queryKey: [issueKey(id)],
    // Follows a send as it goes; a scheduled issue is looked at now and then, to notice it start.
    refetchInterval: (q) => {
      const status = q.state.data?.issue.status;
      return status === 'sending' ? DELIVERY_REFRESH_MS : status === 'scheduled' ? SCHEDULED_REFRESH_MS : false;
    },
  });

export const useDryRun = (id: number, enabled: boolean) =>
  useQuery<AdminNewsletterDryRunResponse>({ queryKey: [`${issueKey(id)}/dry-run`], enabled, staleTime: 0 });

/** An action on issues (compose, edit, test, schedule, send now); whatever changed an issue refreshes the list, the issue and the audit. */
function useIssueAction<V, R>(call: (v: V) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => invalidate(client, /^\/api\/admin\/(newsletter\/issues|audit)/),
  });
}

export const useComposeIssue = () => useIssueAction(() => apiPost<AdminNewsletterIssueResponse>(ISSUES_KEY, {}));
export const useEditIssue = (id: number) =>
  useIssueAction((body: NewsletterIssueEdit) => apiRequest<AdminNewsletterIssueResponse>(issueKey(id), { method: 'PATCH', body }));
export const useSendTest = (id: number) =>
  useMutation({ mutationFn: (email: string) => apiPost<NewsletterMessageResponse>(`${issueKey(id)}/test`, { email }) });
export const useScheduleIssue = (id: number) =>
  useIssueAction((at: string) => apiPost<AdminNewsletterIssueResponse>(`${issueKey(id)}/schedule`, { at }));
export const useSendNow = (id: number) => useIssueAction(() => apiPost<AdminNewsletterIssueResponse>(`${issueKey(id)}/send-now`, {}));

export const subscribersKey = (p: { q: string; status: SubscriberStatus | ''; offset: number }) => {
  const qs = new URLSearchParams({ limit: String(SUBSCRIBERS_PAGE_SIZE), offset: String(p.offset) });
  if (p.q) qs.set('q', p.q);
  if (p.status) qs.set('status', p.status);
  return `/api/admin/newsletter/subscribers?${qs}`;
};
export const useSubscribers = (p: { q: string; status: SubscriberStatus | ''; offset: number }) =>
  useQuery<AdminSubscribersResponse>({ queryKey: [subscribersKey(p)], placeholderData: keepPreviousData, staleTime: 0 });
export const subscriberExportUrl = (id: number) => `/api/admin/newsletter/subscribers/${id}/export`;
export function useDeleteSubscriber() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest<NewsletterMessageResponse>(`/api/admin/newsletter/subscribers/${id}`, { method: 'DELETE' }),
    onSuccess: () => invalidate(client, /^\/api\/admin\/(newsletter\/subscribers|audit)/),
  });
}

export const useContactMessages = (offset: number) =>
  useQuery<AdminContactMessagesResponse>({
    queryKey: [`/api/admin/contact-messages?limit=${MESSAGES_PAGE_SIZE}&offset=${offset}`],
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
export function useMarkRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiPost<NewsletterMessageResponse>(`/api/admin/contact-messages/${id}/read`, {}),
    onSuccess: () => invalidate(client, /^\/api\/admin\/(contact-messages|audit)/),
  });
}

export const MAIL_KEY = '/api/admin/mail';
export const useCaughtMail = () =>
  useQuery<AdminMailListResponse>({ queryKey: [MAIL_KEY], refetchInterval: MAIL_REFRESH_MS, staleTime: 0 });
export const useMailMessage = (id: string | null) =>
  useQuery<AdminMailMessageResponse>({ queryKey: [`${MAIL_KEY}/${encodeURIComponent(id ?? '')}`], enabled: id !== null });
export function useClearMail() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<NewsletterMessageResponse>(MAIL_KEY, { method: 'DELETE' }),
    onSuccess: () => invalidate(client, /^\/api\/admin\/mail/),
  });
}
