import { useMutation } from '@tanstack/react-query';
import type { ContactMessageRequest, NewsletterMessageResponse } from '@neuralbeat/common/contracts';
import { ApiError, apiPost } from '../../api/client';

/** POST /api/contact: the Contact page's and About's message forms. */
export const useSendContactMessage = () =>
  useMutation({ mutationFn: (body: ContactMessageRequest) => apiPost<NewsletterMessageResponse>('/api/contact', body) });

/** What a failed send tells the reader: the API's own message (it names the field) when it sent one. */
export const contactErrorMessage = (err: Error) => (err instanceof ApiError ? (err.envelope?.message ?? err.message) : err.message);
