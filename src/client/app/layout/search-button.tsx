import Search from '~icons/lucide/search';
import { Button } from '../../components/ui/button';
import { IconTooltip } from '../../components/ui/tooltip';
import { setSearchOpen } from './search-open';

/** The header's way into search, for touch and the mouse; "/" is the keyboard's (docs/product.md#search). */
export function SearchButton() {
  return (
    <IconTooltip label="Search">
      <Button variant="ghost" size="icon" aria-keyshortcuts="/" onClick={() => setSearchOpen(true)}>
        <Search aria-hidden="true" className="size-5!" />
      </Button>
    </IconTooltip>
  );
}
