import { deniedMessage } from '@app/contract/messages';
import type { PermissionKey } from '@app/contract/permissions';
import { useCallback } from 'react';
import { useSession } from '../auth/session.ts';
import { i18n } from '../i18n/i18n.ts';
import { notify } from '../notify/notify.ts';

/**
 * The session's permission list (the role's policy actions). `can` hides what the user lacks;
 * `guard` is for actions: it answers false and shows the spec's 'Permission Denied' toast.
 */
export function usePermissions() {
  const session = useSession();
  const permissions = session?.permissions ?? [];
  const can = useCallback((key: PermissionKey) => permissions.includes(key), [permissions]);
  const guard = useCallback(
    (key: PermissionKey) => {
      if (permissions.includes(key)) return true;
      notify('error', deniedMessage(key), i18n.t('toast.permissionDenied'));
      return false;
    },
    [permissions],
  );
  return { permissions, can, guard };
}
