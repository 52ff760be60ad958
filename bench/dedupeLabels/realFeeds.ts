/**
 * The real feeds of ../shared/data/feeds/ai_lab_blogs, read with the
 * pipeline's own parser. Their text is never copied into the project: labelled
 * sets refer to items by feed file and guid (or link).
 */
import fs from 'node:fs';
import path from 'node:path';
import { htmlToText } from '@neuralbeat/common/html';
import { parseFeed, type FeedItem } from '../../services/pipeline/src/collect/feedParser';
import { itemKey } from '../../services/pipeline/src/collect/canonicalUrl';

const REPO_ROOT = path.resolve(import.meta.dirname, '../..');
/** ../shared/data next to the repository (a worktree one level deeper finds it one further up), or $SHARED_DATA. */
export const SHARED_DATA =
  process.env.SHARED_DATA ??
  [path.resolve(REPO_ROOT, '../shared/data'), path.resolve(REPO_ROOT, '../../shared/data')].find((p) => fs.existsSync(p)) ??
  path.resolve(REPO_ROOT, '../shared/data');
export const AI_LAB_FEEDS = path.join(SHARED_DATA, 'feeds/ai_lab_blogs');

export interface RealItem extends FeedItem {
  feed: string;
  /** How labels refer to the item: its guid, else its link. */
  ref: string;
  key: string;
}

export const sharedDataPresent = () => fs.existsSync(AI_LAB_FEEDS);

/** Every item of every feed, in feed order; null when the shared data is absent. */
export async function loadRealItems(): Promise<RealItem[] | null> {
  if (!sharedDataPresent()) return null;
  const items: RealItem[] = [];
  for (const feed of fs
    .readdirSync(AI_LAB_FEEDS)
    .filter((f) => f.endsWith('.xml'))
    .sort()) {
    for (const item of await parseFeed(fs.readFileSync(path.join(AI_LAB_FEEDS, feed), 'utf8'), 'application/rss+xml')) {
      const key = itemKey(item);
      if (key) items.push({ ...item, feed, ref: item.guid?.trim() || item.link, key });
    }
  }
  return items;
}

/** Plain text of an item's body (what the pipeline stores from the feed). */
export const itemBody = (item: FeedItem) => htmlToText(item.contentHtml || item.summary);
