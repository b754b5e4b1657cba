import { lazy, type ReactNode, Suspense } from 'react';
import { Route, Routes } from 'react-router-dom';
import { FullScreenSpinner } from '../components';
import { loadCatalogSection } from '../i18n';
import { AuthScreen, ResetPasswordScreen, useAuth, WelcomeScreen } from '../features/auth';
import { ProtectedRoute } from './guards/protected-route';
import { AppLayout } from './layout/app-layout';
import { NotFoundPage } from './pages/not-found-page';

// Discovery (the card stack with its gesture and animation libraries) and the match screen load
// as their own chunk, after the login screen.
const discoveryPages = () => import('./pages/discovery-pages');
const SwipePage = lazy(() => discoveryPages().then((m) => ({ default: m.SwipePage })));
const MatchPage = lazy(() => import('./pages/match-page').then((m) => ({ default: m.MatchPage })));
// The chat (list, conversation, recorder, dialogs) loads as its own chunk on first visit.
// the chat offers reports and asks 'Are you sure?': texts of the safety section
const MessagesPage = lazy(() => Promise.all([import('./pages/chat-pages'), loadCatalogSection('safety')]).then(([m]) => ({ default: m.MessagesPage })));
// Activity (the notifications list) likewise.
const NotificationsPage = lazy(() => import('./pages/activity-pages').then((m) => ({ default: m.NotificationsPage })));

/** `/`: the swipe screen if signed in (through the gate), else the login screen. */
function HomeRoute() {
  const { user, status } = useAuth();
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
const profilePages = () => import('./pages/profile-pages');
const RegisterPage = lazy(() => profilePages().then((m) => ({ default: m.RegisterPage })));
const ProfilePage = lazy(() => profilePages().then((m) => ({ default: m.ProfilePage })));
const SettingsPage = lazy(() => profilePages().then((m) => ({ default: m.SettingsPage })));
// the admin section's texts are in the safety section of the catalogue (not on the first screen)
const AdminPage = lazy(() => Promise.all([profilePages(), loadCatalogSection('safety')]).then(([m]) => ({ default: m.AdminPage })));
// The subscription screen (plan, card form; Stripe.js only with Stripe keys) likewise.
const SubscribePage = lazy(() => import('./pages/subscription-page').then((m) => ({ default: m.SubscribePage })));
const staticPages = () => Promise.all([import('./pages/static-pages'), loadCatalogSection('pages')]).then(([m]) => m);
const HelpPage = lazy(() => staticPages().then((m) => ({ default: m.HelpPage })));
const PrivacyPage = lazy(() => staticPages().then((m) => ({ default: m.PrivacyPage })));

const guarded = (element: ReactNode) => <ProtectedRoute>{element}</ProtectedRoute>;

/** The route table of spec §2. */
export function AppRoutes() {
  return (
    <Suspense fallback={<FullScreenSpinner />}>
      <Routes>
        <Route element={<AppLayout />}>
          <Route index element={<HomeRoute />} />
          <Route path="auth" element={<AuthScreen />} />
          <Route path="welcome" element={<WelcomeScreen />} />
          <Route path="register" element={<RegisterPage />} />
          <Route path="subscribe" element={<SubscribePage />} />
          <Route path="swipe" element={guarded(<SwipePage />)} />
          <Route path="match/:matchId?" element={guarded(<MatchPage />)} />
          <Route path="messages/:matchId?" element={guarded(<MessagesPage />)} />
          <Route path="notifications" element={guarded(<NotificationsPage />)} />
          <Route path="profile" element={guarded(<ProfilePage />)} />
          <Route path="settings" element={guarded(<SettingsPage />)} />
          <Route path="admin" element={guarded(<AdminPage />)} />
          <Route path="privacy" element={<PrivacyPage />} />
          <Route path="help" element={<HelpPage />} />
          <Route path="reset-password/*" element={<ResetPasswordScreen />} />
          <Route path="*" element={<NotFoundPage />} />
        </Route>
      </Routes>
    </Suspense>
  );
}
