import type { MessageChoice } from '@grocer/shared/message-choices';
import { queryOptions } from '@tanstack/react-query';
import { apiChecked } from '../../../lib/api';

// The shopper's message channels (issue 46 §7), parsed with the shared contract loaded with the call.
const contract = async () => (await import('@grocer/shared/message-choices')).messageChoicesSchema;

export const messageChoicesQuery = queryOptions({
  queryKey: ['account', 'messages'],
  queryFn: ({ signal }) => apiChecked('/api/account/messages', contract, { signal }),
});

/** Saves the kinds changed: the page as the server now has it. */
export const saveMessageChoices = (choices: MessageChoice[]) =>
  apiChecked('/api/account/messages', contract, { method: 'PUT', body: { choices } });
