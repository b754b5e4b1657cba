import { lazy, Suspense } from 'react';
import { useInstallPrompt } from '../hooks/use-install-prompt';

// The card loads only when the browser offers to install (never for the first screen); the
// offer itself is listened for from the start.
const InstallCardView = lazy(() => import('./install-card-view').then((m) => ({ default: m.InstallCardView })));

/** The fixed install card (spec §4 Install prompt). */
export function InstallCard({ aboveNav }: { aboveNav: boolean }) {
  const { visible, install, dismiss } = useInstallPrompt();
  if (!visible) return null;
  return (
    <Suspense fallback={null}>
      <InstallCardView aboveNav={aboveNav} install={install} dismiss={dismiss} />
    </Suspense>
  );
}
