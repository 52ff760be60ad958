/** Polls `fn` until it returns something truthy (a background job finished, an event arrived), or fails after `ms`. */
export async function until<T>(fn: () => Promise<T | undefined | null | false>, ms = 30_000, everyMs = 50): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

/**
 * Fetches `url` every 25 ms until `done(body)` holds, or fails after `withinMs`. Returns how long that
 * took and the `x-cache` of every answer before: which kept answers stood in while the change arrived.
 */
export async function fetchUntilChanged<T>(
  url: string,
  done: (body: T) => boolean,
  withinMs: number,
): Promise<{ ms: number; before: (string | null)[] }> {
  const started = Date.now();
  const before: (string | null)[] = [];
  while (Date.now() - started < withinMs) {
    const res = await fetch(url);
    if (done((await res.json()) as T)) return { ms: Date.now() - started, before };
    before.push(res.headers.get('x-cache'));
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`${url} did not change within ${withinMs} ms`);
}
