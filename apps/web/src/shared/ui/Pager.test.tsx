import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test-utils.tsx';
import { Pager } from './Pager.tsx';

const renderPager = (page: number, totalPages: number, onChange = vi.fn()) => {
  renderWithProviders(<Pager page={page} totalPages={totalPages} onChange={onChange} />);
  return onChange;
};

describe('<Pager>', () => {
  it('renders every page when there are 6 or fewer', () => {
    renderPager(2, 6);
    expect(screen.getAllByRole('button', { name: /^Page \d+$/ })).toHaveLength(6);
    expect(screen.queryByText('…')).toBeNull();
    expect(screen.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
  });

  it('renders first two, current, last two and ellipses past 6 pages', () => {
    renderPager(5, 10);
    expect(screen.getAllByRole('button', { name: /^Page \d+$/ }).map((b) => b.textContent)).toEqual([
      '1',
      '2',
      '5',
      '9',
      '10',
    ]);
    expect(screen.getAllByText('…')).toHaveLength(2);
  });

  it('moves with the page buttons and the arrows, disabled at the ends', () => {
    const onChange = renderPager(1, 8);
    expect(screen.getByRole('button', { name: 'Previous page' })).toBeDisabled();
    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(onChange).toHaveBeenLastCalledWith(2);
    fireEvent.click(screen.getByRole('button', { name: 'Page 8' }));
    expect(onChange).toHaveBeenLastCalledWith(8);
  });

  it('renders nothing for a single page', () => {
    renderPager(1, 1);
    expect(screen.queryByRole('navigation')).toBeNull();
  });
});
