import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { TranslationList, TranslationProgress } from '@grocer/shared/translations';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';

// Administration → Translations: progress per language, the default text beside its translation
// ("Missing" until there is one), a row saved alone or every change at once, in the shared contract.

const mutateAsync = vi.fn();
const progress = vi.fn();
const list = vi.fn();
vi.mock('./api/translations', () => ({
  useTranslationProgress: () => progress(),
  useTranslations: (v: unknown) => list(v),
  useSaveTranslations: () => ({ mutateAsync, isPending: false }),
}));
vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));
const { TranslationsEditor } = await import('./components/translations-editor');

const offered: TranslationProgress = {
  defaultLanguage: 'en',
  languages: [
    {
      language: 'hi',
      kinds: [
        { entity: 'product', field: 'name', done: 124, total: 1200 },
        { entity: 'category', field: 'name', done: 3, total: 3 },
      ],
    },
    { language: 'kn', kinds: [{ entity: 'product', field: 'name', done: 0, total: 1200 }] },
  ],
};
const products: TranslationList = {
  data: [
    {
      id: '7',
      context: 'Farm Fresh',
      fields: [
        { field: 'name', source: 'Basmati Rice', value: 'बासमती चावल' },
        { field: 'description', source: 'Long grain rice', value: null },
      ],
    },
    { id: '9', context: '', fields: [{ field: 'name', source: 'Toor Dal', value: null }] },
  ],
  meta: { total: 2, page: 1, perPage: 25 },
};

const draw = () =>
  render(
    <MemoryRouter>
      <TranslationsEditor />
    </MemoryRouter>,
  );

describe('Translations editor', () => {
  beforeEach(() => {
    mutateAsync.mockReset();
    mutateAsync.mockImplementation(async (b: { items: unknown[] }) => ({ saved: b.items.length, removed: 0 }));
    progress.mockReturnValue({ isPending: false, data: offered });
    list.mockReturnValue({ isPending: false, data: products });
  });

  it('shows each language’s progress and the products beside their Hindi, missing ones marked', () => {
    draw();
    expect(screen.getByText('124 / 1,200 product names')).toBeTruthy();
    expect(screen.getByText('0 / 1,200 product names')).toBeTruthy();
    expect(screen.getByLabelText('Hindi: 124 of 1,200 product names translated')).toBeTruthy();
    expect(list).toHaveBeenLastCalledWith(expect.objectContaining({ language: 'hi', entity: 'product', page: 1, perPage: 25 }));
    expect((screen.getByLabelText('Name in Hindi of Basmati Rice') as HTMLInputElement).value).toBe('बासमती चावल');
    expect((screen.getByLabelText('Name in Hindi of Toor Dal') as HTMLInputElement).value).toBe('');
    // the rice's description and the dal's name are missing
    expect(screen.getAllByText('Missing')).toHaveLength(2);
    expect(screen.getByText('1–2 of 2')).toBeTruthy();
  });

  it('saves one row with only its changes', async () => {
    draw();
    const save = screen.getByRole('button', { name: 'Save the Hindi of Toor Dal' }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('Name in Hindi of Toor Dal'), { target: { value: 'तूर दाल' } });
    fireEvent.change(screen.getByLabelText('Description in Hindi of Basmati Rice'), { target: { value: 'लंबा चावल' } });
    expect(save.disabled).toBe(false);
    fireEvent.click(save);
    await waitFor(() =>
      expect(mutateAsync).toHaveBeenCalledWith({ language: 'hi', entity: 'product', items: [{ id: '9', field: 'name', value: 'तूर दाल' }] }),
    );
    expect(mutateAsync).toHaveBeenCalledTimes(1);
    // the rice's change is still waiting
    expect(screen.getByRole('button', { name: 'Save all changes (1)' })).toBeTruthy();
  });

  it('saves every change at once; an emptied translation is sent empty (removed)', async () => {
    draw();
    fireEvent.change(screen.getByLabelText('Name in Hindi of Toor Dal'), { target: { value: 'तूर दाल' } });
    fireEvent.change(screen.getByLabelText('Name in Hindi of Basmati Rice'), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save all changes (2)' }));
    await waitFor(() => expect(mutateAsync).toHaveBeenCalledTimes(1));
    expect(mutateAsync.mock.calls[0]![0]).toEqual({
      language: 'hi',
      entity: 'product',
      items: expect.arrayContaining([
        { id: '9', field: 'name', value: 'तूर दाल' },
        { id: '7', field: 'name', value: '' },
      ]),
    });
    await waitFor(() => expect((screen.getByRole('button', { name: /Save all changes/ }) as HTMLButtonElement).disabled).toBe(true));
  });

  it('asks for another kind in the chosen language', () => {
    draw();
    fireEvent.click(within(screen.getByRole('group', { name: 'Kind' })).getByRole('button', { name: 'Page blocks' }));
    expect(list).toHaveBeenLastCalledWith(expect.objectContaining({ language: 'hi', entity: 'block' }));
  });

  it('names a hero slide’s texts by slide and field, and counts them per kind of text', () => {
    progress.mockReturnValue({
      isPending: false,
      data: { ...offered, languages: [{ language: 'hi', kinds: [{ entity: 'block', field: 'slides.*.heading', done: 1, total: 3 }] }] },
    });
    list.mockReturnValue({
      isPending: false,
      data: {
        data: [
          {
            id: '4:Hero',
            context: '/ · Hero slider “Hero”',
            fields: [
              { field: 'slides.0.heading', source: 'Fresh mangoes', value: 'ताज़े आम' },
              { field: 'slides.0.button', source: 'Shop now', value: null },
              { field: 'slides.1.heading', source: 'Milk every morning', value: null },
            ],
          },
        ],
        meta: { total: 1, page: 1, perPage: 25 },
      },
    });
    draw();
    expect(screen.getByText('1 / 3 hero headings')).toBeTruthy();
    expect((screen.getByLabelText('Slide 1 · Heading in Hindi of Fresh mangoes') as HTMLInputElement).value).toBe('ताज़े आम');
    expect(screen.getByLabelText('Slide 1 · Button label in Hindi of Fresh mangoes')).toBeTruthy();
    expect(screen.getByLabelText('Slide 2 · Heading in Hindi of Fresh mangoes')).toBeTruthy();
  });

  it('says how to offer a language when the shop speaks only its default', () => {
    progress.mockReturnValue({ isPending: false, data: { defaultLanguage: 'en', languages: [] } });
    draw();
    expect(screen.getByText(/This shop speaks only English/)).toBeTruthy();
  });
});
