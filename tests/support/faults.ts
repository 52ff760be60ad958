import type { ChildProcess } from 'node:child_process';
import { rssFeed, uniqueArticleHtml } from './feedServer';

/** Polls `fn` until it returns something truthy; throws `message` after `ms`. */
export async function until<T>(
  fn: () => Promise<T | undefined | false | null> | T | undefined | false | null,
  message: string,
  ms = 60_000,
): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    try {
      const v = await fn();
      if (v) return v;
    } catch {
      // not yet
    }
    if (Date.now() > end) throw new Error(`Timed out waiting: ${message}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** An RSS feed of `n` keyword-rich stories, each worded uniquely, that all pass the SEO gate and none of which is a duplicate. */
export function batchFeed(n: number, tag: string): string {
  return rssFeed(
    Array.from({ length: n }, (_, i) => ({
      title: `Language model release ${tag} ${i + 1} improves AI inference speed`,
      link: `https://fixture.example/${tag}/story-${i + 1}`,
      html: uniqueArticleHtml(i + 1 + tag.length * 1000),
      category: 'Research',
    })),
  );
}

/** A deterministic pseudo-random sequence (mulberry32), so a fault test's kill points repeat from run to run. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Whether a process with this pid still exists. */
export const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

export const exited = (child: ChildProcess) =>
  child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve()
    : new Promise<void>((resolve) => child.once('exit', () => resolve()));

/** Status, headers and parsed JSON (or text) of a GET or POST. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- fault tests read loosely typed JSON bodies, as test files may.
export async function request(url: string, init?: RequestInit): Promise<{ status: number; headers: Headers; body: any }> {
  const res = await fetch(url, { ...init, signal: AbortSignal.timeout(10_000) });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON
  }
  return { status: res.status, headers: res.headers, body };
}
