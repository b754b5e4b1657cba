import { useCallback, useEffect, useRef, useState } from 'react';
import { readJson, writeJson } from '../../../lib/storage';
import { type BeforeInstallPromptEvent, capturedInstallPrompt, forgetInstallPrompt } from '../lib/install-prompt-capture';
import { INSTALL_DISMISSED_AT_KEY, installCardDelay, parseDismissedAt } from '../lib/install-timing';

function isStandalone(): boolean {
  const nav = navigator as Navigator & { standalone?: boolean };
  return window.matchMedia?.('(display-mode: standalone)').matches === true || nav.standalone === true;
}

const readDismissedAt = () => parseDismissedAt(readJson<unknown>(INSTALL_DISMISSED_AT_KEY));

export function useInstallPrompt() {
  const [visible, setVisible] = useState(false);
  const deferred = useRef<BeforeInstallPromptEvent | null>(null);

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onPrompt = (event: Event) => {
      event.preventDefault();
      deferred.current = event as BeforeInstallPromptEvent;
      const delay = installCardDelay({ standalone: isStandalone(), dismissedAt: readDismissedAt(), now: Date.now() });
      if (delay === null) return;
      clearTimeout(timer);
      timer = setTimeout(() => setVisible(true), delay);
    };
    const onInstalled = () => {
      deferred.current = null;
      setVisible(false);
    };
    // an offer that came before this listened (main.tsx captures them)
    const early = capturedInstallPrompt();
    if (early) onPrompt(early);
    window.addEventListener('beforeinstallprompt', onPrompt);
    window.addEventListener('appinstalled', onInstalled);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('beforeinstallprompt', onPrompt);
      window.removeEventListener('appinstalled', onInstalled);
    };
  }, []);

  const install = useCallback(async () => {
    const event = deferred.current;
    setVisible(false);
    if (!event) return;
    deferred.current = null;
    forgetInstallPrompt();
    try {
      await event.prompt();
      await event.userChoice;
    } catch {
      /* the browser refused to show its dialog */
    }
  }, []);

  const dismiss = useCallback(() => {
    setVisible(false);
    // storage unavailable: the card may come back next time
    writeJson(INSTALL_DISMISSED_AT_KEY, Date.now());
  }, []);

  return { visible, install, dismiss };
}
