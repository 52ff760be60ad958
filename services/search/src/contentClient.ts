import { REQUEST_ID_HEADER } from '@neuralbeat/common';
import { searchSourcePageSchema, type SearchKind } from '@neuralbeat/common/contracts';

const TIMEOUT_MS = 10_000;

/** Reads records' visible state from the content service's internal search-source API. */
export class ContentClient {
  private readonly baseUrl: string;
  constructor(baseUrl: string) {
    this.baseUrl = baseUrl.replace(/\/$/, '');
  }

  /** The record as visitors see it, or null when it is gone or hidden. */
  async one(kind: SearchKind, id: number, requestId?: string): Promise<unknown | null> {
    const url = `${this.baseUrl}/internal/search-sources/${kind}/${id}`;
    const res = await fetch(url, { headers: requestId ? { [REQUEST_ID_HEADER]: requestId } : {}, signal: AbortSignal.timeout(TIMEOUT_MS) });
    if (res.status === 404) return null;
    if (!res.ok) throw new Error(`GET ${url} answered ${res.status}`);
    return res.json();
  }

  /** Resolves once the content service answers its readiness check (or `signal` aborts); says once that it is waiting. */
  async waitUntilReady(onWait: () => void, signal: AbortSignal): Promise<void> {
    for (let attempt = 0; !signal.aborted; attempt++) {
      const ready = await fetch(`${this.baseUrl}/readyz`, { signal: AbortSignal.timeout(2_000) }).then(
        (r) => r.ok,
        () => false,
      );
      if (ready) return;
      if (attempt === 0) onWait();
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }

  /** Every visible record of a kind, a page at a time, in id order. */
  async *pages(kind: SearchKind, pageSize = 500): AsyncGenerator<unknown[]> {
    let after: number | null = 0;
    while (after !== null) {
      const url = `${this.baseUrl}/internal/search-sources/${kind}?after=${after}&limit=${pageSize}`;
      const res = await fetch(url, { signal: AbortSignal.timeout(TIMEOUT_MS) });
      if (!res.ok) throw new Error(`GET ${url} answered ${res.status}`);
      const page = searchSourcePageSchema.parse(await res.json());
      if (page.items.length) yield page.items;
      after = page.next;
    }
  }
}
