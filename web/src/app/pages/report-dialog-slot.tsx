import { lazy, Suspense } from 'react';
import type { ReportDialogProps } from '../../features/safety';

// The report dialog (trust and safety) as other features get it: its own chunk, fetched the
// first time a member opens it, so the screens that offer it stay as light as they were.

const ReportDialog = lazy(() => import('../../features/safety').then((m) => ({ default: m.ReportDialog })));

export function LazyReportDialog(props: ReportDialogProps) {
  if (!props.open) return null;
  return (
    <Suspense fallback={null}>
      <ReportDialog {...props} />
    </Suspense>
  );
}
