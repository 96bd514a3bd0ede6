import { notifications } from '@mantine/notifications';
import { i18n } from '../i18n/i18n.ts';

/**
 * Toast durations: 2.5 s in the client area, 5 s in the super-admin area, 5 s for push toasts in
 * both (client-area §9, super-admin §8).
 */
export const TOAST_MS = { client: 2500, superAdmin: 5000, push: 5000 } as const;

const autoClose = () =>
  window.location.pathname.startsWith('/super-admin') ? TOAST_MS.superAdmin : TOAST_MS.client;

type Kind = 'success' | 'error' | 'warning' | 'info';
const COLORS: Record<Kind, string> = { success: 'teal', error: 'red', warning: 'yellow', info: 'blue' };
const TITLES: Record<Kind, string> = {
  success: 'toast.success',
  error: 'toast.error',
  warning: 'toast.warning',
  info: 'toast.success',
};

export interface NotifyOptions {
  /** Instead of the area's duration. */
  autoClose?: number;
  /** Makes the whole toast a link, e.g. to where a push message leads; following it closes it. */
  onClick?: () => void;
}

/** Shows a toast at the top right; the title defaults to the kind's ('Success', 'Error', …). */
export function notify(kind: Kind, message: string, title?: string, options: NotifyOptions = {}) {
  const { onClick } = options;
  const id = notifications.show({
    color: COLORS[kind],
    title: title ?? i18n.t(TITLES[kind]),
    message,
    autoClose: options.autoClose ?? autoClose(),
    withBorder: true,
    // A close button inside a link toast would follow the link too: the toast closes by itself.
    ...(onClick && {
      withCloseButton: false,
      style: { cursor: 'pointer' },
      onClick: () => {
        notifications.hide(id);
        onClick();
      },
    }),
  });
}
