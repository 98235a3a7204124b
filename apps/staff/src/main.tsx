import { REDIRECT_KEY } from '@grocer/shared/links';
import { staffBootSchema } from '@grocer/shared/staff';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { router } from './app/router';
import { startStaffAnalytics } from './lib/analytics';
import { startErrorReporting } from './lib/report-error';
import './styles.css';

const boot = staffBootSchema.parse(JSON.parse(document.getElementById('__STAFF__')?.textContent ?? 'null'));
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
