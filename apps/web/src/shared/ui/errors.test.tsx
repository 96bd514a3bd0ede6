import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test-utils.tsx';
import { ErrorBoundary, isChunkLoadError } from './errors.tsx';

function Broken({ error }: { error: Error }): never {
  throw error;
}

const renderBroken = (error: Error) =>
  renderWithProviders(
    <ErrorBoundary>
      <Broken error={error} />
    </ErrorBoundary>,
  );

describe('<ErrorBoundary>', () => {
  it("shows 'Something went wrong' when a screen fails to render", () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderBroken(new Error('boom'));
    expect(screen.getByRole('alert')).toHaveTextContent('Something went wrong');
    expect(screen.getByRole('button', { name: 'Reload' })).toBeInTheDocument();
  });

  it("shows 'Failed to load application' when a screen's code cannot be fetched", () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderBroken(new TypeError('Failed to fetch dynamically imported module: /assets/UsersPage.js'));
    expect(screen.getByRole('alert')).toHaveTextContent('Failed to load application');
  });

  it('tells chunk failures from other errors', () => {
    expect(isChunkLoadError(new Error('error loading dynamically imported module'))).toBe(true);
    expect(isChunkLoadError(new Error('undefined is not a function'))).toBe(false);
  });
});
