import { renderToStaticMarkup } from 'react-dom/server';
import { Router } from 'wouter';
import { AppHeader } from './layout/app-header';
import { SkipLink } from './layout/skip-link';
import { LandingRoute } from './routes/landing';

/*
 * The signed-out landing page as static HTML, rendered at build time from the same components the
 * app uses (scripts/prerender-pages.tsx writes dist/client/landing.html). The server sends it to
 * a visitor without a live session on the landing paths, so a first visit paints without downloading
 * the app: its only script is src/client/landing-page.ts (docs/decisions/013-api-cost.md).
 */
export function renderLandingMarkup(): string {
  return renderToStaticMarkup(
    <Router ssrPath="/">
      <div className="flex min-h-dvh flex-col">
        <SkipLink />
        <AppHeader account={null} />
        <main id="main" tabIndex={-1} className="flex-1 outline-none">
          <LandingRoute />
        </main>
      </div>
    </Router>,
  );
}
