import { TOTAL_COUNT_HEADER } from '@neuralbeat/common/contracts/browser';
import type { ErrorEnvelope } from '@neuralbeat/common/errors';

/** The error every failed API call throws: message is `{status}: {body text or status text}`. */
export class ApiError extends Error {
  readonly status: number;
  readonly body: string;
  constructor(status: number, body: string, statusText: string) {
    super(`${status}: ${body || statusText}`);
    this.status = status;
    this.body = body;
  }

  /** The API's error envelope, when the body is one (our services always answer with it). */
  get envelope(): ErrorEnvelope['error'] | null {
    try {
      const parsed = JSON.parse(this.body) as { error?: Partial<ErrorEnvelope['error']> } | null;
      const e = parsed?.error;
      if (!e || typeof e.message !== 'string' || typeof e.code !== 'string') return null;
      return { status: this.status, code: e.code, message: e.message, ...(typeof e.field === 'string' ? { field: e.field } : {}) };
    } catch {
      return null;
    }
  }
}

interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  /** One mode answers null on 401 instead of failing; the default fails. */
  on401?: 'throw' | 'returnNull';
  signal?: AbortSignal;
}

/** The one way the web app talks to the API: credentials included, JSON in and out. */
export async function apiRequest<T>(path: string, { method = 'GET', body, on401 = 'throw', signal }: RequestOptions = {}): Promise<T> {
  const res = await fetch(path, {
    method,
    credentials: 'include',
    headers: body !== undefined ? { 'Content-Type': 'application/json' } : undefined,
    body: body !== undefined ? JSON.stringify(body) : undefined,
    signal,
  });
  if (on401 === 'returnNull' && res.status === 401) return null as T;
  if (!res.ok) {
    const text = await res.text();
    throw new ApiError(res.status, text, res.statusText);
  }
  if (res.status === 204) return null as T;
  return (await res.json()) as T;
}

export const apiGet = <T>(path: string, signal?: AbortSignal) => apiRequest<T>(path, { signal });
export const apiPost = <T>(path: string, body?: unknown) => apiRequest<T>(path, { method: 'POST', body });

/** A list sent a page at a time: the page's items, and how many there are in all. */
export interface ListPage<T> {
  items: T[];
  total: number;
}

/** GETs a page of a list (the directory, search results); the total comes from the X-Total-Count header. */
export async function apiGetPage<T>(path: string, signal?: AbortSignal): Promise<ListPage<T>> {
  const res = await fetch(path, { credentials: 'include', signal });
  if (!res.ok) throw new ApiError(res.status, await res.text(), res.statusText);
  const items = (await res.json()) as T[];
  const total = Number(res.headers.get(TOTAL_COUNT_HEADER));
  return { items, total: Number.isFinite(total) && total >= items.length ? total : items.length };
}
