import { NavLink } from 'react-router';

export interface Tab {
  label: string;
  to: string;
  /** active on this address only, not below it (the screen's first tab) */
  end: boolean;
}

/** A screen's parts as a row of tabs (links), the current one underlined; scrolls sideways on a phone. */
export function TabNav({ label, tabs, className = '' }: { label: string; tabs: readonly Tab[]; className?: string }) {
  return (
    <nav aria-label={label} className={`mb-4 flex gap-1 overflow-x-auto border-b ${className}`}>
      {tabs.map((t) => (
        <NavLink
          key={t.to}
          to={t.to}
          end={t.end}
          className={({ isActive }) =>
            `whitespace-nowrap border-b-2 px-2 py-2 text-sm font-medium sm:px-3 ${isActive ? 'border-brand text-brand' : 'border-transparent text-gray-600 hover:text-gray-900'}`
          }
        >
          {t.label}
        </NavLink>
      ))}
    </nav>
  );
}
