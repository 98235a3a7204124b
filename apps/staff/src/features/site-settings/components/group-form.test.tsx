import { ApiError } from '@grocer/shared/api-client';
import type { NavigationGroup, SiteSettings } from '@grocer/shared/site-settings';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { errorAt, field, type } from '../../../test/fields';
import { apiChecked, toast, resetFormApi } from '../../../test/form-api';

// Website Settings: one group's form (here Navigation, whose fields are nested), its draft checked
// by the group's shared contract (navigationGroupSchema) at each field before sending, sent with
// the version it was read at; the server's refusal shown at its field, a stale save explained.

const { NavigationScreen } = await import('./navigation-screen');

const navigation: NavigationGroup = {
  nav_alignment: 'start',
  logo_settings: { image_size: 'object-contain', image_height: 56, image_width: 120 },
  search_setting: { width: 100 },
  navbar_height: 56,
  sub_navbar_height: 40,
  navbar_template: 1,
  header_template: 2,
  footer_name: 'Grocer',
  show_cart_icon: true,
  show_pincode: true,
  show_login: true,
  show_account: true,
  show_logo: true,
  show_register: true,
  show_search_bar: true,
};
const refused = (status: number, data: object) => Promise.reject(new ApiError(status, data));
// the server: the group saved (the new version) or refused
let save: () => Promise<unknown>;
beforeEach(() => {
  resetFormApi();
  save = async () => ({ version: 8 });
  apiChecked.mockImplementation(async () => save());
});

function show() {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  const settings = { version: 7, navigation } as unknown as SiteSettings;
  const router = createMemoryRouter([{ path: '/', element: <NavigationScreen settings={settings} /> }]);
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}
const saveButton = () => screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement;
const banner = () => screen.queryByText('Nothing was saved: fix the fields marked below.');

describe('a settings group form', () => {
  it('shows the shared schema’s messages at their fields (nested ones too) and sends nothing; a fixed field’s message goes', async () => {
    show();
    expect(saveButton().disabled).toBe(true);
    type('Navbar height (px)', '5');
    type('Logo height (px)', '300');
    fireEvent.click(saveButton());
    await waitFor(() => expect(errorAt('Navbar height (px)')).toBe('Navbar height must be 40 to 160 px'));
    expect(errorAt('Logo height (px)')).toBe('Logo height must be 16 to 200 px');
    expect(errorAt('Logo width (px)')).toBeNull();
    expect(banner()).not.toBeNull();
    type('Navbar height (px)', '64');
    await waitFor(() => expect(errorAt('Navbar height (px)')).toBeNull());
    expect(errorAt('Logo height (px)')).toBe('Logo height must be 16 to 200 px');
    expect(apiChecked).not.toHaveBeenCalled();
    expect(toast.success).not.toHaveBeenCalled();
  });

  it('sends the group as edited with the version it was read at', async () => {
    show();
    type('Navbar height (px)', '64');
    type('Logo width (px)', '180');
    fireEvent.click(screen.getByRole('switch', { name: /^Registration/ }));
    fireEvent.change(field('Logo fit'), { target: { value: 'object-cover' } });
    await waitFor(() => expect(saveButton().disabled).toBe(false));
    fireEvent.click(saveButton());
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Navigation saved: shoppers see it on their next page load'));
    expect(apiChecked.mock.calls).toEqual([
      [
        '/api/builder/settings/navigation',
        'PUT',
        {
          ...navigation,
          navbar_height: 64,
          logo_settings: { image_size: 'object-cover', image_height: 56, image_width: 180 },
          show_register: false,
          version: 7,
        },
      ],
    ]);
    expect(banner()).toBeNull();
  });

  it('Reset puts the saved values back; a change put back is not a change', async () => {
    show();
    type('Footer name', 'Grocer & Sons');
    await waitFor(() => expect(saveButton().disabled).toBe(false));
    fireEvent.click(screen.getByRole('button', { name: 'Reset' }));
    await waitFor(() => expect(field('Footer name').value).toBe('Grocer'));
    expect(saveButton().disabled).toBe(true);
    type('Footer name', 'Grocer!');
    await waitFor(() => expect(saveButton().disabled).toBe(false));
    type('Footer name', 'Grocer');
    await waitFor(() => expect(saveButton().disabled).toBe(true));
  });

  it('the server’s 422 lands on its (nested) field, with the banner and the toast', async () => {
    save = () =>
      refused(422, {
        code: 'VALIDATION_FAILED',
        message: 'Logo width must be 16 to 400 px',
        errors: { 'logo_settings.image_width': ['Logo width must be 16 to 400 px'] },
      });
    show();
    type('Logo width (px)', '390');
    fireEvent.click(saveButton());
    await waitFor(() => expect(errorAt('Logo width (px)')).toBe('Logo width must be 16 to 400 px'));
    expect(errorAt('Logo height (px)')).toBeNull();
    expect(banner()).not.toBeNull();
    expect(apiChecked).toHaveBeenCalledWith(
      '/api/builder/settings/navigation',
      'PUT',
      expect.objectContaining({ logo_settings: { image_size: 'object-contain', image_height: 56, image_width: 390 }, version: 7 }),
    );
    expect(toast.error).toHaveBeenCalled();
    expect(toast.success).not.toHaveBeenCalled();
  });

  it('a stale save (409) is explained, with a way to reload', async () => {
    save = () =>
      refused(409, {
        code: 'STALE_SETTINGS',
        message: 'Someone else saved the website settings after you opened them. Reload to see their changes, then make yours again.',
      });
    show();
    type('Footer name', 'Mine');
    fireEvent.click(saveButton());
    await screen.findByRole('button', { name: 'Reload' });
    expect(screen.getByRole('alert').textContent).toContain('Someone else saved the website settings after you opened them');
    expect(banner()).toBeNull();
  });
});
