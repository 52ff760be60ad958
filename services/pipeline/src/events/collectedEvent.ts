import { htmlToText } from '@neuralbeat/common/html';

/** One event (or one occurrence of a recurring event) as a source describes it, before it is stored. */
export interface CollectedEvent {
  /** The item's identity within its source: the UID, plus the occurrence for an expanded recurrence. */
  key: string;
  name: string;
  description: string;
  start: Date;
  end: Date | null;
  allDay: boolean;
  /** IANA zone the source gave its times in ('UTC' for UTC times), null when it said none. */
  timezone: string | null;
  location: string;
  virtual: boolean;
  url: string | null;
  imageUrl: string | null;
  organizer: string | null;
  price: string | null;
  speakers: string[];
  topics: string[];
  tags: string[];
  recurring: boolean;
  recurrencePattern: string | null;
  cancelled: boolean;
  eventType: string;
}

/** What a reader made of a source: its events, and the items it could not take, with why. */
export interface EventsRead {
  events: CollectedEvent[];
  skipped: { key: string; reason: string }[];
}

export { NO_LOCATION } from '@neuralbeat/common/contracts';
const DESCRIPTION_MAX = 5000;

/** One line of text: markup and entities resolved, whitespace folded. */
export function cleanText(value: string | null | undefined): string {
  if (!value) return '';
  // htmlToText decodes once; text escaped twice ("It&amp;#8217;s", "AT&amp;amp;T") loses its outer `&amp;` first, which can make no tag.
  return htmlToText(value.replace(/&amp;/g, '&'));
}

/** Description text: markup gone, paragraphs kept, cut at a word near 5,000 characters. */
export function cleanDescription(value: string | null | undefined): string {
  if (!value) return '';
  const text = value
    .replace(/<br\s*\/?>|<\/p>/gi, '\n')
    .split('\n')
    .map((line) => cleanText(line))
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  if (text.length <= DESCRIPTION_MAX) return text;
  return `${text.slice(0, text.lastIndexOf(' ', DESCRIPTION_MAX))}…`;
}

const VIDEO_HOSTS =
  /(^|\.)(zoom\.us|meet\.google\.com|teams\.microsoft\.com|teams\.live\.com|webex\.com|youtube\.com|youtu\.be|twitch\.tv|jit\.si|discord\.gg|discord\.com|streamyard\.com)$/i;
const ONLINE_WORDS = /\b(online|virtual|webinar|livestream|remote)\b/i;

/** True for a location that is a meeting link or says it is online. */
export function isOnlineLocation(location: string): boolean {
  const url = firstUrl(location);
  if (url) {
    try {
      if (VIDEO_HOSTS.test(new URL(url).hostname)) return true;
    } catch {
      // not a URL after all
    }
  }
  return ONLINE_WORDS.test(location);
}

export function firstUrl(text: string | null | undefined): string | null {
  return text?.match(/https?:\/\/[^\s<>"')\]]+/)?.[0]?.replace(/[.,;]+$/, '') ?? null;
}

const TYPES: [RegExp, string][] = [
  [/\b(deadline|submission)\b/i, 'Deadline'],
  [/\bhackathon\b/i, 'Hackathon'],
  [/\bworkshop\b/i, 'Workshop'],
  [/\btutorial\b/i, 'Tutorial'],
  [/\bwebinar\b/i, 'Webinar'],
  [/\b(summit|conference|conf|symposium|congress)\b/i, 'Conference'],
  [/\b(meetup|meet-up|user group|stammtisch|treff)\b/i, 'Meetup'],
  [/\b(course|class|training|bootcamp)\b/i, 'Course'],
];

/** The event type the card shows, from words in the name (then the description), else the source's kind of event. */
export function eventTypeOf(name: string, description: string, fallback = 'Event'): string {
  for (const [pattern, type] of TYPES) if (pattern.test(name)) return type;
  for (const [pattern, type] of TYPES) if (pattern.test(description.slice(0, 300))) return type;
  return fallback;
}

/** Distinct, trimmed, non-empty values in their first spelling. */
export function distinct(values: (string | null | undefined)[]): string[] {
  const seen = new Map<string, string>();
  for (const value of values) {
    const v = value?.trim();
    if (v && !seen.has(v.toLowerCase())) seen.set(v.toLowerCase(), v);
  }
  return [...seen.values()];
}
