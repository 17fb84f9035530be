/**
 * A punch's employee groups come from the texts its statement read (groupMatchersFrom): the same
 * texts reuse the compiled matchers, other texts compile their own, and only a bounded number of
 * readings is kept.
 */
import { describe, expect, it } from 'vitest';
import { GROUP_MATCHERS_KEPT, groupMatchersFrom, matchingGroupIds } from './employeeGroups';

const groupsText = (groups: Array<{ id: number; filters: unknown[]; strategy?: string }>) =>
  JSON.stringify(groups.map(({ id, filters, strategy }) => ({ id, name: `g${id}`, filterCombinationStrategy: strategy ?? 'Or', filters })));
const filter = (filterType: string, value: string, operator = 'In') => ({ filterType, operator, value });

describe('groupMatchersFrom', () => {
  it('matches as the stored filters say, the location tree included', () => {
    const groups = groupsText([
      { id: 1, filters: [filter('Employee', '7,8')] },
      { id: 2, filters: [filter('LocationOrParents', '10')] },
      { id: 3, filters: [filter('Location', '10', 'NotIn')] },
    ]);
    const links = JSON.stringify([{ id: 10, parentId: null }, { id: 11, parentId: 10 }, { id: 12, parentId: null }]);
    const matchers = groupMatchersFrom(groups, links);
    expect(matchingGroupIds(matchers, { id: 7, locationIds: [11] })).toEqual([1, 2, 3]);
    expect(matchingGroupIds(matchers, { id: 9, locationIds: [10] })).toEqual([2]);
    expect(matchingGroupIds(matchers, { id: 9, locationIds: [12] })).toEqual([3]);
    // Another tree (11 no longer under 10) is another reading.
    const moved = groupMatchersFrom(groups, JSON.stringify([{ id: 10, parentId: null }, { id: 11, parentId: null }]));
    expect(matchingGroupIds(moved, { id: 7, locationIds: [11] })).toEqual([1, 3]);
  });

  it('compiles a reading once, another reading afresh, and keeps a bounded number', () => {
    const text = groupsText([{ id: 1, filters: [filter('Employee', '1')] }]);
    const first = groupMatchersFrom(text, null);
    expect(groupMatchersFrom(text, null)).toBe(first);
    const edited = groupMatchersFrom(groupsText([{ id: 1, filters: [filter('Employee', '2')] }]), null);
    expect(edited).not.toBe(first);
    expect(matchingGroupIds(edited, { id: 2, locationIds: [] })).toEqual([1]);
    for (let i = 0; i < GROUP_MATCHERS_KEPT; i += 1) groupMatchersFrom(groupsText([{ id: 100 + i, filters: [] }]), null);
    // The first reading was the oldest kept: it was let go, and is compiled again.
    const again = groupMatchersFrom(text, null);
    expect(again).not.toBe(first);
    expect(matchingGroupIds(again, { id: 1, locationIds: [] })).toEqual([1]);
  });

  it('refuses a reading that is not text', () => {
    expect(() => groupMatchersFrom([{ id: 1 }], null)).toThrow();
  });
});
