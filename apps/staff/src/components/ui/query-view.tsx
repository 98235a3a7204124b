import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { errorMessage } from '../../lib/error-message';
import { LoadingView } from './loading';

/** What a screen shows of one query: its error, the loading view until the data comes, then `children(data)`. */
export function QueryView<T>({ query, children }: { query: UseQueryResult<T>; children: (data: T) => ReactNode }) {
  if (query.error)
    return (
      <p role="alert" className="text-red-700">
        {errorMessage(query.error)}
      </p>
    );
  if (query.data === undefined) return <LoadingView />;
  return children(query.data);
}
