import { describe, expect, it } from 'vitest';
import { pageCount, paginationItems } from './pagination.ts';

describe('paginationItems', () => {
  it('shows every page when there are 6 or fewer', () => {
    expect(paginationItems(1, 1)).toEqual([1]);
    expect(paginationItems(3, 6)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(paginationItems(6, 6)).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('shows first two, current, last two with ellipses past 6 pages', () => {
    expect(paginationItems(5, 10)).toEqual([1, 2, 'ellipsis', 5, 'ellipsis', 9, 10]);
    expect(paginationItems(50, 100)).toEqual([1, 2, 'ellipsis', 50, 'ellipsis', 99, 100]);
  });

  it('does not repeat the current page when it is among the first or last two', () => {
    expect(paginationItems(1, 7)).toEqual([1, 2, 'ellipsis', 6, 7]);
    expect(paginationItems(2, 7)).toEqual([1, 2, 'ellipsis', 6, 7]);
    expect(paginationItems(7, 7)).toEqual([1, 2, 'ellipsis', 6, 7]);
  });

  it('puts no ellipsis between neighbouring pages', () => {
    expect(paginationItems(3, 10)).toEqual([1, 2, 3, 'ellipsis', 9, 10]);
    expect(paginationItems(8, 10)).toEqual([1, 2, 'ellipsis', 8, 9, 10]);
  });

  it('clamps a page outside the range and answers nothing for no pages', () => {
    expect(paginationItems(99, 8)).toEqual([1, 2, 'ellipsis', 7, 8]);
    expect(paginationItems(0, 3)).toEqual([1, 2, 3]);
    expect(paginationItems(1, 0)).toEqual([]);
  });

  it('counts pages from total and limit', () => {
    expect(pageCount(0, 10)).toBe(0);
    expect(pageCount(10, 10)).toBe(1);
    expect(pageCount(11, 10)).toBe(2);
    expect(pageCount(7, 3)).toBe(3);
  });
});
