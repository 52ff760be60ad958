/** The operator API's subscriber, contact and mail shapes (E-shared.md contract) until newsletter.ts lands. */
export type SubscriberStatus = 'pending' | 'confirmed' | 'unsubscribed' | 'bounced' | 'complained';
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
