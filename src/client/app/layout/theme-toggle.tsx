import Moon from 'lucide-react/icons/moon';
import Sun from 'lucide-react/icons/sun';
import { Button } from '../../components/ui/button';
import { IconTooltip } from '../../components/ui/tooltip';
import { toggleTheme, useTheme } from '../../lib/theme';

/** The label names what a press does, so it doubles as the tooltip and the accessible name. */
export function ThemeToggle() {
  const theme = useTheme();
  const label = theme === 'dark' ? 'Switch to light theme' : 'Switch to dark theme';
  return (
    <IconTooltip label={label}>
      <Button variant="ghost" size="icon" onClick={toggleTheme}>
        {theme === 'dark' ? (
          <Sun aria-hidden="true" className="size-5!" />
        ) : (
          <Moon aria-hidden="true" className="size-5!" />
        )}
      </Button>
    </IconTooltip>
  );
}
