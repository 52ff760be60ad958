import { describe, expect, it } from 'vitest';
import { paginationItems, parseArticleId, safeAdminReturnPath, usageBand } from './adminConsole';
import { duplicateResetRequestSchema, dryRunRequestSchema, tagListQuerySchema } from './admin';

describe('operator console rules', () => {
  it('paginates with every page up to five, else first, last and neighbours with ellipses', () => {
    expect(paginationItems(1, 1)).toEqual([1]);
    expect(paginationItems(3, 5)).toEqual([1, 2, 3, 4, 5]);
    expect(paginationItems(1, 6)).toEqual([1, 2, 'ellipsis', 6]);
    expect(paginationItems(4, 10)).toEqual([1, 'ellipsis', 3, 4, 5, 'ellipsis', 10]);
    expect(paginationItems(3, 10)).toEqual([1, 2, 3, 4, 'ellipsis', 10]);
    expect(paginationItems(10, 10)).toEqual([1, 'ellipsis', 9, 10]);
  });

  it('sorts usage counts into the usage bands', () => {
    expect([150, 100, 99, 10, 9, 3, 2, 1].map(usageBand)).toEqual([
      'highUsage',
      'highUsage',
      'mediumUsage',
      'mediumUsage',
      'lowUsage',
      'lowUsage',
      'rare',
      'oneOff',
    ]);
  });

  it('accepts only whole article ids above 0', () => {
    expect(parseArticleId(' 42 ')).toBe(42);
    for (const bad of ['', '0', '-3', '4.5', 'abc', '12abc', '1e3', '99999999999999999999']) expect(parseArticleId(bad)).toBeNull();
  });

  it('sends a signed-in operator back only to an admin page', () => {
    expect(safeAdminReturnPath('/admin/tags')).toBe('/admin/tags');
    expect(safeAdminReturnPath('/admin/duplicates?x=1')).toBe('/admin/duplicates?x=1');
    for (const bad of [null, '', '/news', '//evil.example/admin', 'https://evil.example/admin', '/admin/login', '/admin\\@evil'])
      expect(safeAdminReturnPath(bad)).toBe('/admin');
  });
});

describe('fix tool requests', () => {
  it('is a dry run unless told otherwise', () => {
    expect(dryRunRequestSchema.parse({})).toEqual({ dryRun: true });
    expect(dryRunRequestSchema.safeParse({ dryRun: 'no' }).error?.issues[0]?.message).toBe('dryRun must be true or false');
  });

  it('needs a date or ids; ids take precedence and drop the date', () => {
    expect(duplicateResetRequestSchema.parse({ fromDate: '2026-03-01' })).toEqual({ dryRun: true, fromDate: '2026-03-01' });
    expect(duplicateResetRequestSchema.parse({ dryRun: false, fromDate: '2026-03-01', specificIds: [5, 3, 5] })).toEqual({
      dryRun: false,
      specificIds: [5, 3],
    });
    expect(duplicateResetRequestSchema.parse({ fromDate: '2026-03-01', specificIds: [] })).toEqual({
      dryRun: true,
      fromDate: '2026-03-01',
    });
    const missing = duplicateResetRequestSchema.safeParse({ dryRun: true, specificIds: [] });
    expect(missing.error?.issues[0]).toMatchObject({
      path: ['fromDate'],
      message: 'Give a date (fromDate) or at least one article id (specificIds)',
    });
    expect(duplicateResetRequestSchema.safeParse({ fromDate: '01/03/2026' }).error?.issues[0]?.message).toBe(
      'fromDate must be a date as yyyy-MM-dd',
    );
    expect(duplicateResetRequestSchema.safeParse({ fromDate: '2026-02-30' }).error?.issues[0]?.message).toBe(
      'fromDate is not a real calendar date',
    );
    expect(duplicateResetRequestSchema.safeParse({ specificIds: [0] }).error?.issues[0]).toMatchObject({ path: ['specificIds', 0] });
    expect(duplicateResetRequestSchema.safeParse({ specificIds: ['7'] }).success).toBe(false);
  });

  it('reads the tag list query with its defaults', () => {
    expect(tagListQuerySchema.parse({})).toEqual({ page: 1, pageSize: 50, sortBy: 'count', order: 'desc', search: '' });
    expect(tagListQuerySchema.safeParse({ pageSize: '500' }).error?.issues[0]).toMatchObject({ path: ['pageSize'] });
    expect(tagListQuerySchema.safeParse({ sortBy: 'id' }).error?.issues[0]?.message).toBe('sortBy must be count or tag');
  });
});
