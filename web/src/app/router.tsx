import { type ReactNode, Suspense } from 'react';
import { Route, Routes } from 'react-router-dom';
import { FullScreenSpinner } from '../components';
import { AuthScreen } from '../features/auth';
import { prefetchFirstDeck } from '../features/discovery/model';
import { screenTexts } from '../i18n';
import { ProtectedRoute } from './guards/protected-route';
import { useGateSession } from './guards/use-gate-session';
import { whenSignedIn } from './guards/when-signed-in';
import { AppLayout } from './layout/app-layout';
import { lazyScreen, screenChunk } from './lazy-screen';
import { NotFoundPage } from './pages/not-found-page';
import { mainPhotoOf, selectCurrentUser } from '../lib/current-user';
import { preloadPhotos } from '../lib/preload-photos';
import type { AppStore } from './store';

/** a screen's chunk together with the screens' texts (the catalogue's second part), which it renders with */
const withTexts = <M,>(load: () => Promise<M>) => screenChunk(() => Promise.all([load(), screenTexts()]).then(([m]) => m));

// Discovery (the card stack with its gesture and animation libraries) and the match screen load
// as their own chunk, after the login screen.
const discoveryPages = withTexts(() => import('./pages/discovery-pages'));
const SwipePage = lazyScreen(discoveryPages, (m) => m.SwipePage);
const matchPage = withTexts(() => import('./pages/match-page'));
const MatchPage = lazyScreen(matchPage, (m) => m.MatchPage);
// The chat (list, conversation, recorder, dialogs) loads as its own chunk on first visit.
const chatPages = withTexts(() => import('./pages/chat-pages'));
const MessagesPage = lazyScreen(chatPages, (m) => m.MessagesPage);
// Activity (the notifications list) likewise.
const activityPages = withTexts(() => import('./pages/activity-pages'));
const NotificationsPage = lazyScreen(activityPages, (m) => m.NotificationsPage);

/** `/`: the swipe screen if signed in (through the gate), else the login screen. */
function HomeRoute() {
  const { user, status } = useGateSession();
  if (user)
    return (
      <ProtectedRoute>
        <SwipePage />
      </ProtectedRoute>
    );
  return status === 'loading' ? <FullScreenSpinner /> : <AuthScreen />;
}

// The profile screens (forms, photo picker, admin) load on first visit, keeping the first
// paint of the login and swipe screens small.
const profilePages = withTexts(() => import('./pages/profile-pages'));
const RegisterPage = lazyScreen(profilePages, (m) => m.RegisterPage);
const myProfilePage = withTexts(() => import('./pages/my-profile-page'));
const ProfilePage = lazyScreen(myProfilePage, (m) => m.ProfilePage);
const SettingsPage = lazyScreen(profilePages, (m) => m.SettingsPage);
const AdminPage = lazyScreen(profilePages, (m) => m.AdminPage);
// The subscription screen (plan, card form; Stripe.js only with Stripe keys) likewise.
const subscriptionPage = withTexts(() => import('./pages/subscription-page'));
const SubscribePage = lazyScreen(subscriptionPage, (m) => m.SubscribePage);
// /welcome and /reset-password (reached from a sign-up or an emailed link): their texts are in the first part
const accountScreens = screenChunk(() => import('../features/auth/account-screens'));
const WelcomeScreen = lazyScreen(accountScreens, (m) => m.WelcomeScreen);
const ResetPasswordScreen = lazyScreen(accountScreens, (m) => m.ResetPasswordScreen);
const staticPages = withTexts(() => import('./pages/static-pages'));
const HelpPage = lazyScreen(staticPages, (m) => m.HelpPage);
const PrivacyPage = lazyScreen(staticPages, (m) => m.PrivacyPage);

const guarded = (element: ReactNode) => <ProtectedRoute>{element}</ProtectedRoute>;

/** The lazily loaded screens of spec §2's route table, each with the chunk it loads. */
const SCREENS: ReadonlyArray<{ path: string; chunk: () => Promise<unknown>; element: ReactNode }> = [
  { path: 'welcome', chunk: accountScreens, element: <WelcomeScreen /> },
  { path: 'register', chunk: profilePages, element: <RegisterPage /> },
  { path: 'subscribe', chunk: subscriptionPage, element: <SubscribePage /> },
  { path: 'swipe', chunk: discoveryPages, element: guarded(<SwipePage />) },
  { path: 'match/:matchId?', chunk: matchPage, element: guarded(<MatchPage />) },
  { path: 'messages/:matchId?', chunk: chatPages, element: guarded(<MessagesPage />) },
  { path: 'notifications', chunk: activityPages, element: guarded(<NotificationsPage />) },
  { path: 'profile', chunk: myProfilePage, element: guarded(<ProfilePage />) },
  { path: 'settings', chunk: profilePages, element: guarded(<SettingsPage />) },
  { path: 'admin', chunk: profilePages, element: guarded(<AdminPage />) },
  { path: 'privacy', chunk: staticPages, element: <PrivacyPage /> },
  { path: 'help', chunk: staticPages, element: <HelpPage /> },
  { path: 'reset-password/*', chunk: accountScreens, element: <ResetPasswordScreen /> },
];

/**
 * Starts fetching the screen of `pathname` at start-up, while the session is being checked: its
 * chunk and texts, the swipe screen's first cards and the profile screen's photo. On `/swipe`
 * (only members stay there) the cards are asked for at once, alongside the session check (a
 * visitor who is signed out is answered 401, which changes nothing: the session check decides); on
 * `/` (visitors too) once the session shows a member. The member's own photo, the largest thing on
 * `/profile`, as soon as the session shows who they are.
 */
export function preloadScreen(pathname: string, store: AppStore): Promise<unknown> {
  const segment = pathname.split('/')[1] ?? '';
  const chunk = SCREENS.find((s) => s.path.split('/')[0] === segment)
    ?.chunk()
    .catch(() => undefined);
  const firstDeck = () => void prefetchFirstDeck(store.dispatch).catch(() => undefined);
  if (segment === 'swipe') firstDeck();
  else if (segment === '')
    whenSignedIn(store, () => {
      void discoveryPages().catch(() => undefined);
      firstDeck();
    });
  else if (segment === 'profile')
    whenSignedIn(store, () => {
      const user = selectCurrentUser(store.getState());
      const photo = user && mainPhotoOf(user);
      if (photo) preloadPhotos([photo]);
    });
  return chunk ?? Promise.resolve();
}

/** The route table of spec §2. */
export function AppRoutes() {
  return (
    <Suspense fallback={<FullScreenSpinner />}>
      <Routes>
        <Route element={<AppLayout />}>
          <Route index element={<HomeRoute />} />
          <Route path="auth" element={<AuthScreen />} />
          {SCREENS.map(({ path, element }) => (
            <Route key={path} path={path} element={element} />
          ))}
          <Route path="*" element={<NotFoundPage />} />
        </Route>
      </Routes>
    </Suspense>
  );
}
