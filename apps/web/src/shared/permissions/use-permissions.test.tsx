import { act, renderHook, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { Providers, signInWith } from '../../test-utils.tsx';
import { setPermissions } from '../auth/session.ts';
import { usePermissions } from './use-permissions.ts';

// Providers mounts the toast host that `guard` shows its toast in.
const renderUsePermissions = () => renderHook(() => usePermissions(), { wrapper: Providers });

describe('usePermissions', () => {
  beforeEach(() => {
    localStorage.clear();
    signInWith(['users_read'], {
      email: 'agent@example.com',
      full_name: 'Agent',
      role: 'client_user',
      roles: ['client_user'],
    });
  });

  it('answers from the session permission list and follows its changes', () => {
    const { result } = renderUsePermissions();
    expect(result.current.can('users_read')).toBe(true);
    expect(result.current.can('users_create')).toBe(false);
    act(() => setPermissions(['users_read', 'users_create']));
    expect(result.current.can('users_create')).toBe(true);
  });

  it("guard shows the 'Permission Denied' toast with the spec's text", async () => {
    const { result } = renderUsePermissions();
    let allowed = true;
    act(() => {
      allowed = result.current.guard('users_create');
    });
    expect(allowed).toBe(false);
    expect(await screen.findByText('Permission Denied')).toBeInTheDocument();
    expect(screen.getByText("You don't have permission to create users")).toBeInTheDocument();
  });
});
