/** Polls `fn` until it returns something other than undefined, or fails after `ms`. */
export async function eventually<T>(fn: () => Promise<T | undefined>, ms = 10_000, everyMs = 20): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (v !== undefined) return v;
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, everyMs));
  }
}
