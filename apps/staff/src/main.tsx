import { REDIRECT_KEY } from '@grocer/shared/links';
import type { StaffBoot } from '@grocer/shared/staff';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { router } from './app/router';
import { startStaffAnalytics } from './lib/analytics';
import { reportError, startErrorReporting } from './lib/report-error';
import './styles.css';

// The server writes the boot data from the same contract; it is checked beside the first screen
// (zod comes with the screens' own calls, not in the shell every screen waits for: issue 42 goal 3).
const boot = JSON.parse(document.getElementById('__STAFF__')?.textContent ?? 'null') as StaffBoot;
void import('@grocer/shared/staff').then(({ staffBootSchema }) => {
  const checked = staffBootSchema.safeParse(boot);
  if (!checked.success) reportError(new Error(`Unexpected staff boot data: ${checked.error.issues[0]?.path.join('.')}`));
});
if (!boot.user) {
  // Signed out: sign in on the storefront, whose verify page brings the person back here (spec §2).
  sessionStorage.setItem(REDIRECT_KEY, location.pathname + location.search);
  location.replace('/auth/login');
} else {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App boot={boot} />
    </StrictMode>,
  );
  startErrorReporting();
  startStaffAnalytics(router, boot.website);
}
