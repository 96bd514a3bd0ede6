import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { act, render, renderHook, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { setPermissions, startSession } from '../auth/session.ts';
import { usePermissions } from './use-permissions.ts';

const user = {
  id: 1,
  external_id: 'u-1',
  email: 'agent@example.com',
  full_name: 'Agent',
  role: 'client_user',
  roles: ['client_user'],
  company_id: 1,
  company_external_id: 'c-1',
  permissions: ['users_read'],
  acting_super_admin: null,
};

const wrapper = ({ children }: { children: ReactNode }) => <MantineProvider>{children}</MantineProvider>;

describe('usePermissions', () => {
  beforeEach(() => {
    localStorage.clear();
    startSession({ access_token: 'a', refresh_token: 'r', expires_in: 900, user });
  });

  it('answers from the session permission list and follows its changes', () => {
    const { result } = renderHook(() => usePermissions(), { wrapper });
    expect(result.current.can('users_read')).toBe(true);
    expect(result.current.can('users_create')).toBe(false);
    act(() => setPermissions(['users_read', 'users_create']));
    expect(result.current.can('users_create')).toBe(true);
  });

  it("guard shows the 'Permission Denied' toast with the spec's text", async () => {
    render(
      <MantineProvider>
        <Notifications />
      </MantineProvider>,
    );
    const { result } = renderHook(() => usePermissions(), { wrapper });
    let allowed = true;
    act(() => {
      allowed = result.current.guard('users_create');
    });
    expect(allowed).toBe(false);
    expect(await screen.findByText('Permission Denied')).toBeInTheDocument();
    expect(screen.getByText("You don't have permission to create users")).toBeInTheDocument();
  });
});
