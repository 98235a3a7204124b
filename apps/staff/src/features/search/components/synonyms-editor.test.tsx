import { ApiError } from '@grocer/shared/api-client';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { errorAt, field, type } from '../../../test/fields';
import { apiChecked, resetFormApi } from '../../../test/form-api';

// Administration → Search words: the owner's lines of `term = word, word`, read by the shared rule
// (parseSynonymLines, with the shared synonym schema's messages) and checked by the shared contract
// (synonymListSchema) before sending; the server's refusal shown at the box.

const { SynonymsEditor } = await import('./synonyms-editor');

const list = [
  { term: 'dahi', words: ['curd', 'yogurt'] },
  { term: 'doodh', words: ['milk'] },
];
// the server: the list, and the list saved (as the server has it) or refused
let save: (body: { data: typeof list }) => Promise<unknown>;
beforeEach(() => {
  resetFormApi();
  save = async (body) => body;
  apiChecked.mockImplementation(async (_path: string, method: string, body: never) => (method === 'GET' ? { data: list } : save(body)));
});
const sent = () => apiChecked.mock.calls.filter(([, method]) => method !== 'GET');

async function show() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const router = createMemoryRouter([{ path: '/', element: <SynonymsEditor /> }]);
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  await waitFor(() => expect(field('Words shoppers type').value).toBe('dahi = curd, yogurt\ndoodh = milk'));
}
const box = 'Words shoppers type';
const saveButton = () => screen.getByRole('button', { name: 'Save search words' }) as HTMLButtonElement;

describe('the search words editor', () => {
  it('names each line the shared schema refuses, at the box, and sends nothing', async () => {
    await show();
    expect(field(box).disabled).toBe(false);
    expect(saveButton().disabled).toBe(true);
    type(box, 'dahi = curd, yogurt\nghamandi ghee\nx = milk\nchai = tea!');
    await waitFor(() =>
      expect(errorAt(box)).toBe(
        // the list's items, one after another
        'Line 2: Write it as: term = word, word' +
          'Line 3: A word needs at least 2 letters' +
          'Line 4: Use letters, digits and spaces only',
      ),
    );
    expect(saveButton().disabled).toBe(true);
    // sent anyway (a form submitted by Enter or a script): the schema stops it
    expect(document.activeElement).not.toBe(field(box));
    fireEvent.submit(saveButton().form!);
    await waitFor(() => expect(document.activeElement).toBe(field(box)));
    expect(screen.getAllByRole('listitem')).toHaveLength(3);
    expect(sent()).toEqual([]);
  });

  it('a line added: sends the whole list as read, then says it is saved', async () => {
    await show();
    type(box, 'dahi = curd, yogurt\ndoodh = milk\n\n# festive\nGhamandi =  Ghee , desi ghee');
    expect(errorAt(box)).toBeNull();
    await waitFor(() => expect(saveButton().disabled).toBe(false));
    fireEvent.click(saveButton());
    await screen.findByText('Saved: 3 words. Search uses them now.');
    expect(sent()).toEqual([
      [
        '/api/admin/search/synonyms',
        'PUT',
        {
          data: [
            { term: 'dahi', words: ['curd', 'yogurt'] },
            { term: 'doodh', words: ['milk'] },
            { term: 'ghamandi', words: ['ghee', 'desi ghee'] },
          ],
        },
      ],
    ]);
    // the box shows the list as saved, and is clean again
    expect(field(box).value).toBe('dahi = curd, yogurt\ndoodh = milk\nghamandi = ghee, desi ghee');
    expect(saveButton().disabled).toBe(true);
  });

  it('the server’s 422 lands at the box, with its message under it; a change clears it', async () => {
    save = () =>
      Promise.reject(
        new ApiError(422, {
          code: 'VALIDATION_FAILED',
          message: '"paneer" is given twice',
          errors: { 'data.2.term': ['"paneer" is given twice'] },
        }),
      );
    await show();
    type(box, 'dahi = curd, yogurt\ndoodh = milk\npaneer = cottage cheese');
    fireEvent.click(saveButton());
    await waitFor(() => expect(errorAt(box)).toBe('"paneer" is given twice'));
    expect(screen.getAllByRole('alert').map((a) => a.textContent)).toEqual(['"paneer" is given twice', '"paneer" is given twice']);
    expect(sent()).toHaveLength(1);
    type(box, 'dahi = curd, yogurt\ndoodh = milk\npaneer = cottage cheese, chhena');
    await waitFor(() => expect(errorAt(box)).toBeNull());
  });
});
