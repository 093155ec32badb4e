import { lazy, Suspense } from 'react';
import { Route, Switch } from 'wouter';
import { useUser } from '../features/auth/get-user';
import { LoadingScreen } from './routes/loading';

const TodayRoute = lazy(() => import('./routes/today').then((m) => ({ default: m.TodayRoute })));
const AllItemsRoute = lazy(() => import('./routes/all-items').then((m) => ({ default: m.AllItemsRoute })));

export function AppRouter() {
  const auth = useUser();
  if (auth.status === 'loading') return <LoadingScreen />;
  return (
    <Suspense fallback={<LoadingScreen />}>
      <Switch>
        <Route path="/" component={TodayRoute} />
        <Route path="/today" component={TodayRoute} />
        <Route path="/all-items" component={AllItemsRoute} />
      </Switch>
    </Suspense>
  );
}
