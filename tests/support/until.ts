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
