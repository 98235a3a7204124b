import { can, type Permission, type StaffPerson } from '@grocer/shared/staff-roles';
import { ShieldX } from 'lucide-react';
import { createContext, useContext, type ReactNode } from 'react';
import { t } from './i18n';

/** The signed-in person's roles on this website (given by the app from the shell's boot data). */
export const PersonContext = createContext<StaffPerson>({});

/** Whether the signed-in person's roles on this website grant `permission` (the server checks again). */
export function useCan(): (permission: Permission) => boolean {
  const person = useContext(PersonContext);
  return (permission) => can(person, permission);
}

/** A screen's `handle` in the router: the permission it needs before it draws anything. */
export interface ScreenHandle {
  permission: Permission;
}

/** Draws `children` only for a person whose roles grant `permission`; else says so, in the frame. */
export function Allowed({ permission, children }: { permission: Permission; children: ReactNode }) {
  const allowed = useCan()(permission);
  if (allowed) return children;
  return (
    <div role="alert" className="mx-auto mt-12 max-w-md rounded-lg border bg-white p-6 text-center">
      <ShieldX className="mx-auto size-10 text-red-600" aria-hidden />
      <h1 className="mt-3 text-xl font-semibold">{t('Not part of your role')}</h1>
      <p className="mt-2 text-sm text-gray-600">
        {t('This screen is not part of what you do on this website. Ask the shop owner if you need it.')}
      </p>
    </div>
  );
}
