/** The operator API's shapes (E-shared.md contract) until newsletter.ts and newsletterIssues.ts land. */
export type SubscriberStatus = 'pending' | 'confirmed' | 'unsubscribed' | 'bounced' | 'complained';
export type IssueStatus = 'draft' | 'scheduled' | 'sending' | 'sent';
export interface IssueCounts {
  recipients: number;
  pending: number;
  sent: number;
  failed: number;
  bounced: number;
}
export interface AdminIssue {
  id: number;
  number: number;
  slug: string;
  subject: string;
  status: IssueStatus;
  scheduledFor: string | null;
  sentAt: string | null;
  createdAt: string;
  counts: IssueCounts;
}
export interface AdminIssuesResponse {
  issues: AdminIssue[];
}
export interface AdminIssueDetailResponse {
  issue: AdminIssue & { preheader: string; intro: string; html: string; text: string };
}
export interface AdminSubscriber {
  id: number;
  email: string;
  status: SubscriberStatus;
  createdAt: string;
  confirmedAt: string | null;
  unsubscribedAt: string | null;
  suppressedReason: string | null;
}
export interface AdminSubscribersResponse {
  subscribers: AdminSubscriber[];
  total: number;
}
export interface AdminContactMessage {
  id: number;
  name: string;
  email: string;
  subject: string;
  message: string;
  createdAt: string;
  deliveredAt: string | null;
  deliveryError: string | null;
  readAt: string | null;
}
export interface AdminContactMessagesResponse {
  messages: AdminContactMessage[];
  total: number;
}
export interface AdminMailSummary {
  id: string;
  receivedAt: string;
  from: string;
  to: string[];
  subject: string;
  size: number;
}
export interface AdminMailListResponse {
  enabled: boolean;
  smtp: string;
  messages: AdminMailSummary[];
}
export interface AdminMailMessageResponse {
  message: {
    id: string;
    receivedAt: string;
    from: string;
    to: string[];
    subject: string;
    headers: { key: string; value: string }[];
    html: string | null;
    text: string | null;
  };
}
