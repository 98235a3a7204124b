import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { SiteSettings } from '@grocer/shared/site-settings';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';

// Website Settings → Languages (issue 46): the owner ticks the languages offered and picks the
// default; the default is always offered; the body sent is the shared contract's.

const mutate = vi.fn();
vi.mock('./api', () => ({
  useSaveGroup: () => ({ mutateAsync: mutate, isPending: false, isSuccess: false, error: null, reset: vi.fn() }),
}));
const { LanguagesScreen } = await import('./components/languages-screen');

const settings = (languages: SiteSettings['languages']) => ({ version: 4, languages }) as unknown as SiteSettings;

function show(s: SiteSettings) {
  const router = createMemoryRouter([{ path: '/', element: <LanguagesScreen settings={s} /> }]);
  render(
    <QueryClientProvider client={new QueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}
const row = (name: string) => screen.getByText(name).closest('tr')!;

describe('Languages settings', () => {
  beforeEach(() => mutate.mockReset());

  it('lists each language in its own script, the offered ones ticked, the default chosen and locked', () => {
    show(settings({ languages: ['en', 'hi'], default_language: 'en' }));
    expect(screen.getByRole('region', { name: 'Languages' })).toBeTruthy();
    expect(within(row('हिन्दी')).getByText('Hindi')).toBeTruthy();
    expect(within(row('ಕನ್ನಡ')).getByText('Kannada')).toBeTruthy();
    const offerEn = screen.getByLabelText('Offer English') as HTMLInputElement;
    expect(offerEn.checked && offerEn.disabled).toBe(true);
    expect((screen.getByLabelText('Offer Hindi') as HTMLInputElement).checked).toBe(true);
    expect((screen.getByLabelText('Offer Kannada') as HTMLInputElement).checked).toBe(false);
    expect((screen.getByLabelText('English is the default') as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('offers Kannada and makes it the default: sends the languages in order with the version', async () => {
    show(settings({ languages: ['en', 'hi'], default_language: 'en' }));
    fireEvent.click(screen.getByLabelText('Offer Kannada'));
    fireEvent.click(screen.getByLabelText('Kannada is the default'));
    // English is no longer the default: it may be unticked now, and Kannada may not
    expect((screen.getByLabelText('Offer English') as HTMLInputElement).disabled).toBe(false);
    expect((screen.getByLabelText('Offer Kannada') as HTMLInputElement).disabled).toBe(true);
    fireEvent.click(screen.getByLabelText('Offer English'));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(mutate).toHaveBeenCalledTimes(1));
    expect(mutate.mock.calls[0]![0]).toEqual({ languages: ['hi', 'kn'], default_language: 'kn', version: 4 });
  });

  it('choosing a default not yet offered offers it too', async () => {
    show(settings({ languages: ['en'], default_language: 'en' }));
    fireEvent.click(screen.getByLabelText('Hindi is the default'));
    expect((screen.getByLabelText('Offer Hindi') as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(mutate).toHaveBeenCalledTimes(1));
    expect(mutate.mock.calls[0]![0]).toEqual({ languages: ['en', 'hi'], default_language: 'hi', version: 4 });
  });
});
