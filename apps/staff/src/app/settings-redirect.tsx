import { Navigate } from 'react-router';

/** /page-builder opens on the first settings group (until the page builder's own home joins). */
export function SettingsRedirect() {
  return <Navigate to="/page-builder/settings/website" replace />;
}
