import { lazy, Suspense, useEffect, useState } from 'react';
import { whenIdle } from '../../lib/when-idle';
import { useToast } from './use-toast';

// The toast viewport (Radix Toast) is not needed to paint the first screen: it loads when the
// browser is idle after start-up, or at once when a toast comes first. Once loaded it stays.
const ToastViewport = lazy(() => import('./toast-viewport').then((m) => ({ default: m.ToastViewport })));

export function Toaster() {
  const { toasts } = useToast();
  const [wanted, setWanted] = useState(false);
  useEffect(() => whenIdle(() => setWanted(true)), []);
  if (!wanted && toasts.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <ToastViewport />
    </Suspense>
  );
}
