import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { I18nProvider } from '@lingui/react';
import { Provider } from 'react-redux';
import { BrowserRouter, useNavigate } from 'react-router-dom';
import { ThemeProvider } from 'styled-components';
import { firstScreenSettled } from '../lib/first-screen';
import { startRealtime, stopRealtime } from '../lib/realtime';
import { RealtimeToasts } from './realtime-toasts';
import { resumedTarget } from './guards/signed-out';
import { darkTheme, GlobalStyle, lightTheme, resolveThemeMode } from '../theme';
import { AuthProvider, type SessionStartOutcome } from '../features/auth';
import { useCurrentUser } from '../lib/current-user';
import { selectLanguage, selectThemePreference } from '../features/settings/model';
import { activateLanguage, i18n } from '../i18n';
import { useAppDispatch, useAppSelector } from './hooks';
import type { AppStore } from './store';

const DARK_QUERY = '(prefers-color-scheme: dark)';

function useSystemPrefersDark(): boolean {
  const [dark, setDark] = useState(() => typeof window !== 'undefined' && window.matchMedia?.(DARK_QUERY).matches === true);
  useEffect(() => {
    const mq = window.matchMedia?.(DARK_QUERY);
    if (!mq) return;
    const onChange = () => setDark(mq.matches);
    mq.addEventListener('change', onChange);
    return () => mq.removeEventListener('change', onChange);
  }, []);
  return dark;
}

/** Light/dark from the local setting preferences.theme; `auto` follows the system. */
function AppThemeProvider({ children }: { children: ReactNode }) {
  const preference = useAppSelector(selectThemePreference);
  const systemDark = useSystemPrefersDark();
  const theme = useMemo(() => (resolveThemeMode(preference, systemDark) === 'dark' ? darkTheme : lightTheme), [preference, systemDark]);
  useEffect(() => {
    document.querySelector('meta[name="theme-color"]')?.setAttribute('content', theme.colors.browserChrome);
  }, [theme]);
  return (
    <ThemeProvider theme={theme}>
      <GlobalStyle />
      {children}
    </ThemeProvider>
  );
}

/** The settings' language is the UI's: its catalogue is loaded and activated when it changes. */
function LanguageSync() {
  const language = useAppSelector(selectLanguage);
  useEffect(() => {
    void activateLanguage(language);
  }, [language]);
  return null;
}

/**
 * The real-time channel is open only while someone is signed in: one connection per tab. It opens
 * once the first screen has settled (its photos shown), not alongside them.
 */
function SocketLifecycle() {
  const userId = useCurrentUser()?.id;
  const dispatch = useAppDispatch();
  useEffect(() => {
    if (!userId) return;
    let stopped = false;
    void firstScreenSettled().then(() => (stopped ? undefined : startRealtime(userId, dispatch)));
    return () => {
      stopped = true;
      void stopRealtime();
    };
  }, [userId, dispatch]);
  return null;
}

function SessionProvider({ session, children }: { session?: Promise<SessionStartOutcome>; children: ReactNode }) {
  const navigate = useNavigate();
  // the address the app was opened at (before any redirect)
  const [openedAt] = useState(() => `${window.location.pathname}${window.location.search}${window.location.hash}`);
  return (
    // a member found again once back online leaves the sign-in screen they were sent to for where they opened the app
    <AuthProvider
      started={session}
      onUnauthorized={() => navigate('/', { replace: true })}
      onResumed={() => {
        const to = resumedTarget(openedAt, window.location.pathname);
        if (to) navigate(to, { replace: true });
      }}
    >
      <SocketLifecycle />
      <RealtimeToasts />
      {children}
    </AuthProvider>
  );
}

/** `session`: the session check begun at start-up (main.tsx), if any. */
export function AppProviders({ store, session, children }: { store: AppStore; session?: Promise<SessionStartOutcome>; children: ReactNode }) {
  return (
    <Provider store={store}>
      <I18nProvider i18n={i18n}>
        <LanguageSync />
        <AppThemeProvider>
          <BrowserRouter>
            <SessionProvider session={session}>{children}</SessionProvider>
          </BrowserRouter>
        </AppThemeProvider>
      </I18nProvider>
    </Provider>
  );
}
