/** Reading a paged list to its end: full pages continue, a short page ends it, and the read is bounded. */
import { describe, expect, it } from 'vitest';
import { readAllPages, type PageQuery } from './readAllPages';

const list = (size: number) => Array.from({ length: size }, (_, i) => i);

describe('readAllPages', () => {
  it('reads full pages until a short one, asking for the maximum each time', async () => {
    const asked: PageQuery[] = [];
    const all = list(250);
    const read = await readAllPages((page) => {
      asked.push(page);
      return Promise.resolve(all.slice(page.$skip, page.$skip + page.$top));
    }, { defaultTop: 100, maxTop: 100 });
    expect(read).toEqual(all);
    expect(asked).toEqual([{ $top: 100, $skip: 0 }, { $top: 100, $skip: 100 }, { $top: 100, $skip: 200 }]);
  });

  it('asks once more after an exactly full last page, and stops at its bound', async () => {
    let calls = 0;
    const page200 = (page: PageQuery) => {
      calls += 1;
      return Promise.resolve(list(200).slice(page.$skip, page.$skip + page.$top));
    };
    expect(await readAllPages(page200, { defaultTop: 100, maxTop: 100 })).toHaveLength(200);
    expect(calls).toBe(3);
    const endless = await readAllPages((page) => Promise.resolve(list(page.$top)), { defaultTop: 100, maxTop: 100 }, 350);
    expect(endless).toHaveLength(350);
  });
});
