import { notifications } from '@mantine/notifications';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { notify, TOAST_MS } from './notify.ts';

describe('notify', () => {
  afterEach(() => window.history.replaceState(null, '', '/'));

  it('closes client-area toasts after 2.5 s', () => {
    const show = vi.spyOn(notifications, 'show').mockReturnValue('id');
    window.history.replaceState(null, '', '/client/users');
    notify('success', 'User updated successfully');
    expect(show).toHaveBeenCalledWith(
      expect.objectContaining({ title: 'Success', message: 'User updated successfully', autoClose: 2500 }),
    );
    expect(TOAST_MS.client).toBe(2500);
  });

  it('closes super-admin toasts after 5 s and keeps a given title', () => {
    const show = vi.spyOn(notifications, 'show').mockReturnValue('id');
    window.history.replaceState(null, '', '/super-admin/settings/package');
    notify('error', 'Failed to create company', 'Error');
    expect(show).toHaveBeenCalledWith(
      expect.objectContaining({ title: 'Error', color: 'red', autoClose: 5000 }),
    );
  });
});
