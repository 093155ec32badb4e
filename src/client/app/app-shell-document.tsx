import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { Router } from 'wouter';
import { Skeleton } from '../components/ui/skeleton';
import { AllItemsHeader } from '../features/items';
import { TodayHeader } from '../features/today';
import { cn } from '../lib/cn';
import { AppHeader } from './layout/app-header';
import { MainNav, NAV_ROOM } from './layout/main-nav';
import { Screen } from './layout/screen';
import { LoadingScreen } from './routes/loading';

/*
 * The frame of a signed-in screen as static HTML, rendered at build time from the app's own components
 * (scripts/prerender-pages.tsx writes it into the pages the server sends for Today and All Items;
 * lib/app-shell.ts says how it gives way to the app). Its layout is the app's own (router.tsx):
 * header, main with room for the navigation, the navigation. It shows while the app asks who is signed in,
 * so below the screen's heading it shows what the app shows then, the spinner with "Loading..."
 * (docs/product.md#not-found-and-loading); the account button is the placeholder of that moment too.
 */

const nothing = () => undefined;

const SCREENS = {
  today: (
    <Screen>
      <TodayHeader
        countText={undefined}
        onExecute={nothing}
        onClear={nothing}
        onAdd={nothing}
        clearing={false}
      />
      <LoadingScreen />
    </Screen>
  ),
  'all-items': (
    <Screen>
      <AllItemsHeader countText={undefined} showArchived={false} onToggleArchived={nothing} onAdd={nothing} />
      <LoadingScreen />
    </Screen>
  ),
} satisfies Record<string, ReactNode>;

export type ShellScreen = keyof typeof SCREENS;

export function renderAppShellMarkup(screen: ShellScreen, path: string): string {
  return renderToStaticMarkup(
    <Router ssrPath={path}>
      <div className="flex min-h-dvh flex-col">
        <AppHeader account={<Skeleton className="size-9 rounded-full" />} />
        <main className={cn('flex-1 outline-none', NAV_ROOM.below, NAV_ROOM.beside)}>{SCREENS[screen]}</main>
        <MainNav />
      </div>
    </Router>,
  );
}
