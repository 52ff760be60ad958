import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { Skeleton } from '../../../components/ui';
import { Alert } from './AdminUi';

/**
 * What a console screen shows of one query: a skeleton while it loads, an error
 * alert when it failed, the `empty` line when there is nothing to list, else its
 * data. `failure` as text is followed by the API's reason.
 */
export function Loaded<T>({
  query,
  skeleton,
  failure,
  isEmpty,
  empty,
  children,
}: {
  query: UseQueryResult<T, Error>;
  /** The skeleton's height, or what to show while loading. */
  skeleton: string | ReactNode;
  failure: string | ((err: Error) => ReactNode);
  isEmpty?: (data: T) => boolean;
  empty?: ReactNode | ((data: T) => ReactNode);
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return typeof skeleton === 'string' ? <Skeleton $height={skeleton} /> : skeleton;
  if (query.isError)
    return <Alert tone="error">{typeof failure === 'string' ? `${failure}: ${query.error.message}` : failure(query.error)}</Alert>;
  if (isEmpty?.(query.data)) return <p>{typeof empty === 'function' ? empty(query.data) : empty}</p>;
  return children(query.data);
}
