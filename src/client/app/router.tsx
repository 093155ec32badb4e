import { lazy, memo, type ReactNode, Suspense, useDeferredValue } from 'react';
import { Redirect, Route, Switch, useLocation } from 'wouter';
import { LANDING_PAGE_PATHS } from '#shared/api/pages';
import { DEFAULT_DAY_START_HOUR, DEFAULT_TIME_ZONE } from '#shared/domain/days';
import { UserMenu } from '../features/auth/components/user-menu';
import { type AuthState, useUser } from '../features/auth/get-user';
import { useItemEditing } from '../features/items/lib/item-editor';
import { cn } from '../lib/cn';
import { useKeepAlive } from '../lib/keep-alive';
import { PersonsDayContext } from '../lib/persons-day';
import { browserTimeZone } from '../lib/request-init';
import { useDayChangeRefresh } from '../lib/use-day-change-refresh';
import { useLiveUpdates } from '../lib/use-live-updates';
import { useReminderMessages } from '../lib/use-reminder-messages';
import { AppHeader } from './layout/app-header';
import { AppShellRelease } from './layout/app-shell-release';
import { CommandLayer } from './layout/command-layer';
import { ConnectivityBanner } from './layout/connectivity-banner';
import { MainNav, NAV_ROOM } from './layout/main-nav';
import { SearchButton } from './layout/search-button';
import { SkipLink } from './layout/skip-link';
import { RouteErrorBoundary } from './route-error-boundary';
import { LoadingScreen } from './routes/loading';

// Every screen is its own chunk: a signed-out first visit downloads the landing page only.
const TodayRoute = lazy(() => import('./routes/today').then((m) => ({ default: m.TodayRoute })));
const UpcomingRoute = lazy(() => import('./routes/upcoming').then((m) => ({ default: m.UpcomingRoute })));
const AllItemsRoute = lazy(() => import('./routes/all-items').then((m) => ({ default: m.AllItemsRoute })));
const HomeRoute = lazy(() => import('./routes/home').then((m) => ({ default: m.HomeRoute })));
const LandingRoute = lazy(() => import('./routes/landing').then((m) => ({ default: m.LandingRoute })));
const LoginRoute = lazy(() => import('./routes/login').then((m) => ({ default: m.LoginRoute })));
const SettingsRoute = lazy(() => import('./routes/settings').then((m) => ({ default: m.SettingsRoute })));
const NotFoundRoute = lazy(() => import('./routes/not-found').then((m) => ({ default: m.NotFoundRoute })));
const ItemEditor = lazy(() =>
  import('../features/items/components/item-editor').then((m) => ({ default: m.ItemEditor })),
);

/**
 * The one edit dialog (features/items/lib/item-editor.ts), apart from the screens and their cards so
 * that it outlives a card that leaves the screen; its code loads at the first Edit.
 */
function EditLayer() {
  const editing = useItemEditing();
  if (!editing) return null;
  return (
    <Suspense fallback={null}>
      <ItemEditor />
    </Suspense>
  );
}

function SignedInRoutes() {
  return (
    <Switch>
      <Route path="/" component={TodayRoute} />
      <Route path="/today" component={TodayRoute} />
      <Route path="/upcoming" component={UpcomingRoute} />
      <Route path="/home" component={HomeRoute} />
      <Route path="/all-items" component={AllItemsRoute} />
      <Route path="/settings" component={SettingsRoute} />
      {/* Signing in lands on "/"; a stale /login tab should not show the sign-in card to a signed-in person. */}
      <Route path="/login">
        <Redirect to="/" replace />
      </Route>
      <Route component={NotFoundRoute} />
    </Switch>
  );
}

function SignedOutRoutes() {
  return (
    <Switch>
      <Route path="/login" component={LoginRoute} />
      {/* The app's own screens need a session: offer sign-in there rather than a 404. */}
      {LANDING_PAGE_PATHS.map((path) => (
        <Route key={path} path={path} component={LandingRoute} />
      ))}
      <Route component={NotFoundRoute} />
    </Switch>
  );
}

function Screen({ auth }: { auth: AuthState }): ReactNode {
  if (auth.status === 'loading') return <LoadingScreen />;
  return auth.status === 'signed-in' ? <SignedInRoutes /> : <SignedOutRoutes />;
}

/** The whole app inside the providers: header, the current screen, and the navigation when signed in. */
export function AppRouter() {
  // The user call's answer changes the whole frame (header, screen, navigation). A query's answer is
  // drawn at once, in one task; deferred, it is drawn by a background render in slices and the page
  // keeps answering meanwhile (docs/decisions/010-first-load-weight.md, "Cards drawn once"). The
  // drawing at once still happens, with the previous answer: the frame, which compares its props,
  // is left as it is then.
  return <AppFrame auth={useDeferredValue(useUser())} />;
}

const AppFrame = memo(function AppFrame({ auth }: { auth: AuthState }) {
  const [location] = useLocation();
  useKeepAlive();
  // Every screen shows today's ticks (Today and All Items alike), so the whole app turns the day, in
  // the zone the server uses for this person (the browser's until the user is known).
  const day = useDayChangeRefresh(
    auth.user?.timeZone ?? browserTimeZone() ?? DEFAULT_TIME_ZONE,
    auth.user?.dayStartHour ?? DEFAULT_DAY_START_HOUR,
  );
  const signedIn = auth.status === 'signed-in';
  useLiveUpdates(signedIn);
  useReminderMessages(signedIn);
  return (
    <PersonsDayContext value={day}>
      <div className="flex min-h-dvh flex-col">
        <SkipLink />
        <AppHeader account={<UserMenu auth={auth} />} search={signedIn ? <SearchButton /> : undefined} />
        <ConnectivityBanner className={signedIn ? NAV_ROOM.beside : undefined} />
        {/* Room for the fixed navigation, so it never covers the last card. */}
        <main
          id="main"
          tabIndex={-1}
          className={cn('flex-1 outline-none', signedIn && NAV_ROOM.below, signedIn && NAV_ROOM.beside)}
        >
          <RouteErrorBoundary resetKey={location}>
            <Suspense fallback={<LoadingScreen />}>
              {/* Committed only with a screen that has loaded: a suspended route shows the fallback instead. */}
              {auth.status === 'loading' ? null : <AppShellRelease />}
              <Screen auth={auth} />
            </Suspense>
          </RouteErrorBoundary>
        </main>
        {signedIn ? <MainNav /> : null}
        {signedIn ? <CommandLayer /> : null}
        {signedIn ? <EditLayer /> : null}
      </div>
    </PersonsDayContext>
  );
});
