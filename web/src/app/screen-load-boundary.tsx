import { Component, type ReactNode } from 'react';
import { PendingState } from '../components';
import { useT } from '../i18n';

function ScreenLoadFailed() {
  const t = useT();
  // a reload asks for the page afresh: after a release, the screens' files have new names
  return <PendingState failed failedTitle={t('app.screenLoadError')} onRetry={() => window.location.reload()} />;
}

/**
 * Screens load as their own chunks (the login screen too): when one cannot be fetched (offline, a
 * release that replaced it) the screen says so with a reload, instead of the whole page going blank.
 */
export class ScreenLoadBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    console.error('A screen could not be shown', error);
  }

  override render() {
    return this.state.failed ? <ScreenLoadFailed /> : this.props.children;
  }
}
