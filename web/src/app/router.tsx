import { type ReactNode, Suspense } from 'react';
import { Route, Routes } from 'react-router-dom';
import { FullScreenSpinner } from '../components';
import { AuthScreen } from '../features/auth';
import { prefetchFirstDeck, sendFirstDeckEarly } from '../features/discovery/model';
import { screenTexts } from '../i18n';
import { ProtectedRoute } from './guards/protected-route';
import { useGateSession } from './guards/use-gate-session';
import { whenSignedIn } from './guards/when-signed-in';
import { AppLayout } from './layout/app-layout';
import { lazyScreen, screenChunk, type ScreenChunk } from './lazy-screen';
import { screenModules } from './screen-modules';
import { firstSegment, SCREEN_ROUTES, screenModuleAt, type ScreenModule, type ScreenPath } from './screen-routes';
import { NotFoundPage } from './pages/not-found-page';
import type { AppStore } from './store';

/** a screen's chunk together with the screens' texts (the catalogue's second part), which it renders with */
const withTexts = <M,>(load: () => Promise<M>) => screenChunk(() => Promise.all([load(), screenTexts()]).then(([m]) => m));

// Each screen module (screen-modules.ts) loads as its own chunk on first visit, keeping the first
// paint of the login screen small: discovery (the card stack with its gesture and animation
// libraries), the match screen, the chat (list, conversation, recorder, dialogs), activity, the
// profile screens (forms, photo picker, admin), My Profile, the subscription screen (plan, card
// form; Stripe.js only with Stripe keys), the static pages. /welcome and /reset-password (reached
// from a sign-up or an emailed link) render with the first part of the texts; the others wait for
// the screens' part too.
const chunks: { [K in ScreenModule]: ScreenChunk<Awaited<ReturnType<(typeof screenModules)[K]>>> } = {
  account: screenChunk(screenModules.account),
  profile: withTexts(screenModules.profile),
  myProfile: withTexts(screenModules.myProfile),
  subscription: withTexts(screenModules.subscription),
  discovery: withTexts(screenModules.discovery),
  match: withTexts(screenModules.match),
  chat: withTexts(screenModules.chat),
  activity: withTexts(screenModules.activity),
  static: withTexts(screenModules.static),
};

const SwipePage = lazyScreen(chunks.discovery, (m) => m.SwipePage);
const MatchPage = lazyScreen(chunks.match, (m) => m.MatchPage);
const MessagesPage = lazyScreen(chunks.chat, (m) => m.MessagesPage);
const NotificationsPage = lazyScreen(chunks.activity, (m) => m.NotificationsPage);
const RegisterPage = lazyScreen(chunks.profile, (m) => m.RegisterPage);
const ProfilePage = lazyScreen(chunks.myProfile, (m) => m.ProfilePage);
const SettingsPage = lazyScreen(chunks.profile, (m) => m.SettingsPage);
const AdminPage = lazyScreen(chunks.profile, (m) => m.AdminPage);
const SubscribePage = lazyScreen(chunks.subscription, (m) => m.SubscribePage);
const WelcomeScreen = lazyScreen(chunks.account, (m) => m.WelcomeScreen);
const ResetPasswordScreen = lazyScreen(chunks.account, (m) => m.ResetPasswordScreen);
const HelpPage = lazyScreen(chunks.static, (m) => m.HelpPage);
const PrivacyPage = lazyScreen(chunks.static, (m) => m.PrivacyPage);

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

const guarded = (element: ReactNode) => <ProtectedRoute>{element}</ProtectedRoute>;

/** what each lazily loaded route of spec §2 renders (the member's screens behind the gate) */
const ELEMENTS: Record<ScreenPath, ReactNode> = {
  welcome: <WelcomeScreen />,
  register: <RegisterPage />,
  subscribe: <SubscribePage />,
  swipe: guarded(<SwipePage />),
  'match/:matchId?': guarded(<MatchPage />),
  'messages/:matchId?': guarded(<MessagesPage />),
  notifications: guarded(<NotificationsPage />),
  profile: guarded(<ProfilePage />),
  settings: guarded(<SettingsPage />),
  admin: guarded(<AdminPage />),
  privacy: <PrivacyPage />,
  help: <HelpPage />,
  'reset-password/*': <ResetPasswordScreen />,
};

/**
 * Starts what the screen of `pathname` needs, once the app has loaded (the page's first script has
 * already started its chunk and data downloading: start-early.ts): its chunk with its texts, and
 * the swipe screen's first cards into the store, taking the answers sent early. On `/` (visitors
 * too) the swipe screen's chunk and cards once the session shows a member.
 */
export function preloadScreen(pathname: string, store: AppStore): Promise<unknown> {
  const module = screenModuleAt(pathname);
  const chunk = module ? chunks[module]().catch(() => undefined) : Promise.resolve();
  const firstDeck = () => void prefetchFirstDeck(store.dispatch).catch(() => undefined);
  const segment = firstSegment(pathname);
  if (segment === 'swipe') firstDeck();
  else if (segment === '')
    whenSignedIn(store, () => {
      void chunks.discovery().catch(() => undefined);
      sendFirstDeckEarly();
      firstDeck();
    });
  return chunk;
}

/** The route table of spec §2. */
export function AppRoutes() {
  return (
    <Suspense fallback={<FullScreenSpinner />}>
      <Routes>
        <Route element={<AppLayout />}>
          <Route index element={<HomeRoute />} />
          <Route path="auth" element={<AuthScreen />} />
          {SCREEN_ROUTES.map(({ path }) => (
            <Route key={path} path={path} element={ELEMENTS[path]} />
          ))}
          <Route path="*" element={<NotFoundPage />} />
        </Route>
      </Routes>
    </Suspense>
  );
}
