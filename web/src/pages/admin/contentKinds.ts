import { DIFFICULTY_LEVELS, JOB_TYPES, RESOURCE_CATEGORIES, TOOL_CATEGORIES } from '@neuralbeat/common/contracts/browser';
import type { AdminContentItem, AdminContentKind } from '@neuralbeat/common/contracts';

/**
 * The fields the console's one edit form is drawn from, per kind the operator
 * manages. The rules behind them are the API's (services/common/src/contracts/adminContent.ts);
 * a unit test holds the two to the same fields. Kept in the console's chunk, off the public pages.
 */

export type AdminFieldType = 'text' | 'textarea' | 'url' | 'datetime' | 'select' | 'checkbox' | 'list';
export interface AdminFieldDef {
  name: string;
  label: string;
  type: AdminFieldType;
  required?: boolean;
  options?: readonly string[];
  hint?: string;
}
export interface AdminKindDef {
  kind: AdminContentKind;
  /** "Events", for headings and the navigation. */
  title: string;
  /** "event", in messages. */
  noun: string;
  /** The field a list row shows as its name. */
  nameField: string;
  /** Where visitors see a published item, from its slug or id. */
  publicPath: (item: AdminContentItem) => string;
  fields: readonly AdminFieldDef[];
  /** Whether items carry the collector's relevance score and reasons (read-only: a score column, the reasons in the edit view). */
  relevance?: boolean;
  /** Whether items close (jobs: closedAt, validThrough): the list says whether each is open. */
  closing?: boolean;
}

const slugField: AdminFieldDef = { name: 'slug', label: 'Slug', type: 'text', hint: 'Leave blank to derive it from the name' };
const tagsField: AdminFieldDef = { name: 'tags', label: 'Tags', type: 'list', hint: 'Comma separated' };

export const ADMIN_KINDS: Record<AdminContentKind, AdminKindDef> = {
  events: {
    kind: 'events',
    title: 'Events',
    noun: 'event',
    nameField: 'name',
    publicPath: (item) => `/events/${String(item.slug)}`,
    relevance: true,
    fields: [
      { name: 'name', label: 'Name', type: 'text', required: true },
      slugField,
      { name: 'description', label: 'Description', type: 'textarea', required: true },
      { name: 'startDate', label: 'Starts', type: 'datetime', required: true },
      { name: 'endDate', label: 'Ends', type: 'datetime' },
      { name: 'location', label: 'Location', type: 'text', required: true },
      { name: 'eventType', label: 'Event type', type: 'text', required: true, hint: 'Conference, Workshop, Meetup…' },
      { name: 'url', label: 'Event URL', type: 'url' },
      { name: 'imageUrl', label: 'Image URL', type: 'url' },
      { name: 'organizer', label: 'Organizer', type: 'text' },
      { name: 'price', label: 'Price', type: 'text' },
      { name: 'virtual', label: 'Online event', type: 'checkbox' },
      tagsField,
    ],
  },
  jobs: {
    kind: 'jobs',
    title: 'Jobs',
    noun: 'job',
    nameField: 'title',
    publicPath: () => '/jobs',
    closing: true,
    fields: [
      { name: 'title', label: 'Title', type: 'text', required: true },
      { name: 'company', label: 'Company', type: 'text', required: true },
      { name: 'location', label: 'Location', type: 'text', required: true },
      { name: 'jobType', label: 'Job type', type: 'select', required: true, options: JOB_TYPES },
      { name: 'description', label: 'Description', type: 'textarea', required: true },
      { name: 'requirements', label: 'Requirements', type: 'textarea', required: true },
      { name: 'applyUrl', label: 'Apply URL', type: 'url', required: true },
      { name: 'companyLogoUrl', label: 'Company logo URL', type: 'url' },
      { name: 'salaryRange', label: 'Salary range', type: 'text' },
      { name: 'remote', label: 'Remote', type: 'checkbox' },
      {
        name: 'validThrough',
        label: 'Open until',
        type: 'datetime',
        hint: 'A later date reopens a closed job; blank: it closes by its age',
      },
    ],
  },
  resources: {
    kind: 'resources',
    title: 'Learning Resources',
    noun: 'resource',
    nameField: 'title',
    publicPath: (item) => `/learn/${String(item.slug)}`,
    fields: [
      { name: 'title', label: 'Title', type: 'text', required: true },
      slugField,
      { name: 'summary', label: 'Summary', type: 'textarea', required: true },
      { name: 'content', label: 'Content', type: 'textarea', required: true },
      { name: 'category', label: 'Category', type: 'select', required: true, options: RESOURCE_CATEGORIES },
      { name: 'difficultyLevel', label: 'Difficulty', type: 'select', required: true, options: DIFFICULTY_LEVELS },
      { name: 'imageUrl', label: 'Image URL', type: 'url' },
      tagsField,
    ],
  },
  tools: {
    kind: 'tools',
    title: 'Tools',
    noun: 'tool',
    nameField: 'name',
    publicPath: (item) => `/directory/${String(item.slug)}`,
    fields: [
      { name: 'name', label: 'Tool name', type: 'text', required: true },
      slugField,
      { name: 'shortDescription', label: 'Short description', type: 'text', required: true },
      { name: 'description', label: 'Description', type: 'textarea', required: true },
      { name: 'websiteUrl', label: 'Website URL', type: 'url', required: true },
      { name: 'logoUrl', label: 'Logo URL', type: 'url' },
      { name: 'category', label: 'Category', type: 'select', required: true, options: TOOL_CATEGORIES },
      { name: 'pricing', label: 'Pricing', type: 'text' },
      tagsField,
      { name: 'features', label: 'Features', type: 'list', hint: 'Comma separated' },
    ],
  },
};

export const ADMIN_CONTENT_KINDS = Object.keys(ADMIN_KINDS) as AdminContentKind[];
