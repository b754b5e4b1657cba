import type { ReactNode } from 'react';
import { Button, Spinner } from '../../../components';
import { useT } from '../../../i18n';

/**
 * A Settings section's content once its call answered (`children` with the answer); a failed call
 * says `failed` with a button that asks again; a spinner meanwhile.
 */
export function WhenLoaded<T>({ query, failed, children }: { query: { data?: T; isError: boolean; refetch: () => unknown }; failed: string; children: (data: T) => ReactNode }) {
  const t = useT();
  if (query.data !== undefined) return <>{children(query.data)}</>;
  if (query.isError)
    return (
      <>
        <p className="hint">{failed}</p>
        <Button $variant="outline" onClick={() => void query.refetch()}>
          {t('common.retry')}
        </Button>
      </>
    );
  return <Spinner $size={24} />;
}
