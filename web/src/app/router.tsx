import { type ReactNode, Suspense } from 'react';
import { Route, Routes } from 'react-router-dom';
import { FullScreenSpinner } from '../components';
import { prefetchFirstDeck, sendFirstDeckEarly } from '../features/discovery/model';
import { pageTexts, screenTexts } from '../i18n';
import { ProtectedRoute } from './guards/protected-route';
import { useGateSession } from './guards/use-gate-session';
import { whenSignedIn } from './guards/when-signed-in';
import { AppLayout } from './layout/app-layout';
import { lazyScreen, screenChunk, type ScreenChunk } from './lazy-screen';
import { ScreenLoadBoundary } from './screen-load-boundary';
import { screenModules } from './screen-modules';
import { FIRST_TEXTS_MODULES, firstSegment, SCREEN_ROUTES, screenModuleAt, type ScreenModule, type ScreenPath } from './screen-routes';
import { hasCompleteProfile, selectCurrentUser } from '../lib/current-user';
import { firstScreenSettled } from '../lib/first-screen';
import { NotFoundPage } from './pages/not-found-page';
import type { AppStore } from './store';

/** a screen's chunk together with the screens' texts (the catalogue's second part), which it renders with */
const withTexts = <M,>(load: () => Promise<M>) => screenChunk(() => Promise.all([load(), screenTexts()]).then(([m]) => m));
/** a screen's chunk together with the texts of the help, privacy and admin pages (the catalogue's third part) */
const withPageTexts = <M,>(load: () => Promise<M>) => screenChunk(() => Promise.all([load(), pageTexts()]).then(([m]) => m));

// Each screen module (screen-modules.ts) loads as its own chunk on first visit, keeping the app's
// first load small: the account screens (sign-in, welcome, reset, with the forms library),
// discovery (the card stack with its gesture and animation libraries), the match screen, the chat
// (list, conversation, recorder, dialogs), activity, the profile screens (forms, photo picker,
// admin), My Profile, the subscription screen (plan, card form; Stripe.js only with Stripe keys),
// the static pages. The account screens render with the first part of the texts; the others wait
// for the screens' part too, and the help, privacy and admin pages for the third part.
const chunkOf = <M,>(module: ScreenModule, load: () => Promise<M>) => (FIRST_TEXTS_MODULES.includes(module) ? screenChunk(load) : withTexts(load));
const chunks: { [K in ScreenModule]: ScreenChunk<Awaited<ReturnType<(typeof screenModules)[K]>>> } = {
  account: chunkOf('account', screenModules.account),
  profile: chunkOf('profile', screenModules.profile),
  myProfile: chunkOf('myProfile', screenModules.myProfile),
  subscription: chunkOf('subscription', screenModules.subscription),
  // the match screen follows the deck's chunk once the swipe screen has settled: there when a like matches
  discovery: chunkOf('discovery', () => screenModules.discovery().finally(() => void firstScreenSettled().then(() => chunks.match().catch(() => undefined)))),
  match: chunkOf('match', screenModules.match),
  chat: chunkOf('chat', screenModules.chat),
  activity: chunkOf('activity', screenModules.activity),
  static: withPageTexts(screenModules.static),
};
/** the admin section, in the profile screens' chunk, with the third part of the texts */
const adminChunk = withPageTexts(chunks.profile);

const SwipePage = lazyScreen(chunks.discovery, (m) => m.SwipePage);
const MatchPage = lazyScreen(chunks.match, (m) => m.MatchPage);
const MessagesPage = lazyScreen(chunks.chat, (m) => m.MessagesPage);
const NotificationsPage = lazyScreen(chunks.activity, (m) => m.NotificationsPage);
const RegisterPage = lazyScreen(chunks.profile, (m) => m.RegisterPage);
const ProfilePage = lazyScreen(chunks.myProfile, (m) => m.ProfilePage);
const SettingsPage = lazyScreen(chunks.profile, (m) => m.SettingsPage);
const AdminPage = lazyScreen(adminChunk, (m) => m.AdminPage);
const SubscribePage = lazyScreen(chunks.subscription, (m) => m.SubscribePage);
const AuthScreen = lazyScreen(chunks.account, (m) => m.AuthScreen);
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
  auth: <AuthScreen />,
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
 * the swipe screen's first cards into the store, taking the answers sent early: at once for the
 * member this browser remembers (not one known to have no complete profile: they see no deck),
 * else once the session shows a member with one (a visitor's calls would only be refused). On `/`
 * the swipe screen's for the member this browser remembers, else the login screen's; and the swipe
 * screen's chunk and cards once the session shows a member.
 */
export function preloadScreen(pathname: string, store: AppStore): Promise<unknown> {
  const user = selectCurrentUser(store.getState());
  const module = screenModuleAt(pathname, hasCompleteProfile(user));
  const segment = firstSegment(pathname);
  const chunk = (segment === 'admin' ? adminChunk() : module ? chunks[module]() : Promise.resolve()).catch(() => undefined);
  const firstDeck = () => void prefetchFirstDeck(store.dispatch).catch(() => undefined);
  if (segment === 'swipe' && user) {
    if (hasCompleteProfile(user)) firstDeck();
  } else if (segment === 'swipe' || segment === '')
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
    <ScreenLoadBoundary>
      <Suspense fallback={<FullScreenSpinner />}>
        <Routes>
          <Route element={<AppLayout />}>
            <Route index element={<HomeRoute />} />
            {SCREEN_ROUTES.map(({ path }) => (
              <Route key={path} path={path} element={ELEMENTS[path]} />
            ))}
            <Route path="*" element={<NotFoundPage />} />
          </Route>
        </Routes>
      </Suspense>
    </ScreenLoadBoundary>
  );
}
