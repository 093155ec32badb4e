import type { ReactNode } from 'react';
import { BrandLink } from './brand';
import { ThemeToggle } from './theme-toggle';

/**
 * docs/product.md#signed-in-chrome: sticky header with the product name, search when signed in, the theme toggle and the
 * account slot: the user menu in the app (app/router.tsx), nothing on the pre-rendered landing page
 * (app/landing-document.tsx), a placeholder in the pre-rendered frame (app/app-shell-document.tsx).
 */
export function AppHeader({ account, search }: { account: ReactNode; search?: ReactNode }) {
  return (
    <header className="sticky top-0 z-40 border-border border-b bg-background/85 backdrop-blur supports-[backdrop-filter]:bg-background/70">
      {/* From lg the header spans the window, its mark over the side bar (layout/main-nav.tsx). */}
      <div className="mx-auto flex h-16 w-full max-w-3xl items-center justify-between gap-2 px-4 lg:max-w-none lg:px-6">
        <BrandLink />
        <div className="flex items-center gap-1">
          {search}
          <ThemeToggle />
          {account}
        </div>
      </div>
    </header>
  );
}
