import { useSyncExternalStore } from 'react';
import Moon from '~icons/lucide/moon';
import Sun from '~icons/lucide/sun';
import { Button } from '../../components/ui/button';
import { IconTooltip } from '../../components/ui/tooltip';
import { getTheme, subscribeToTheme, themeToggleLabel, toggleTheme } from '../../lib/theme';

export function useTheme() {
  return useSyncExternalStore(subscribeToTheme, getTheme, getTheme);
}

/**
 * The label names what a press does, so it doubles as the tooltip and the accessible name. The icon
 * follows the document's `dark` class in CSS, so the pre-rendered landing page (which cannot know the
 * stored theme) shows the right one from the first paint.
 */
export function ThemeToggle() {
  const label = themeToggleLabel(useTheme());
  return (
    <IconTooltip label={label}>
      <Button variant="ghost" size="icon" onClick={toggleTheme} data-theme-toggle="">
        <Moon aria-hidden="true" className="size-5! dark:hidden" />
        <Sun aria-hidden="true" className="hidden size-5! dark:block" />
      </Button>
    </IconTooltip>
  );
}
