import { useEffect, useState } from 'react';

/**
 * The results a search shows, from its RTK Query hook's state. The hook's `data` stays the last
 * answer (to an earlier text) while a newer search is pending, and after one fails. Shown: the
 * answer to the text searched; while a newer search is pending, the last answer, unless the last
 * search failed; after a failure, none (they would be the earlier text's, and a tap would put one
 * over what was typed).
 */
export function useSearchResults<T>({ data, isError, isFetching }: { data?: readonly T[]; isError: boolean; isFetching: boolean }): readonly T[] {
  const [lastFailed, setLastFailed] = useState(false);
  useEffect(() => {
    if (!isFetching) setLastFailed(isError);
  }, [isFetching, isError]);
  return isError || (isFetching && lastFailed) ? [] : (data ?? []);
}
