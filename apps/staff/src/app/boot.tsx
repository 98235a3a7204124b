import type { StaffBoot } from '@grocer/shared/staff';
import { createContext, useContext } from 'react';

/** The website and the signed-in person the shell carried (see packages/shared/src/staff.ts). */
export const BootContext = createContext<StaffBoot | null>(null);

export function useBoot(): StaffBoot & { user: NonNullable<StaffBoot['user']> } {
  const boot = useContext(BootContext);
  if (!boot?.user) throw new Error('useBoot outside a signed-in staff app');
  return boot as StaffBoot & { user: NonNullable<StaffBoot['user']> };
}
