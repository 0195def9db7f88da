import type { Permission } from '@bcp/contract';
import type { ReactNode } from 'react';
import { useAdminSession } from './session-store';

/** Whether the signed-in user holds `permission` now (from `admin-sessions/me` or the PIN answer). */
export function useCan(permission: Permission): boolean {
  return useAdminSession((state) => state.user?.permissions.includes(permission) ?? false);
}

/**
 * Shows `children` only to a user holding `permission` (else `fallback`, default nothing). The
 * server refuses the call anyway (403): this only keeps people from meeting buttons they cannot use.
 */
export function Can(props: { permission: Permission; children: ReactNode; fallback?: ReactNode }) {
  return useCan(props.permission) ? props.children : (props.fallback ?? null);
}
