import { lazy, Suspense, useEffect, useState } from 'react';
import { useLocation } from 'wouter';
import { PRIORITY_OF_TODOIST } from '#shared/domain/priority';
import { readShortcutKey, type ShortcutCommand, type ShortcutState } from '#shared/domain/shortcuts';
import { actionsOf, focusCard, focusedCard, followWhenGone, neighbourCard } from '../../lib/card-actions';
import { isShortcutKey } from '../../lib/shortcut-keys';
import { useOpenedOnce } from '../../lib/use-opened-once';
import { setSearchOpen, useSearchOpen } from './search-open';

// Neither is part of a screen's first download (docs/decisions/010-first-load-weight.md).
const SearchLayer = lazy(() => import('./search-layer').then((m) => ({ default: m.SearchLayer })));
const ShortcutsHelp = lazy(() => import('./shortcuts-help').then((m) => ({ default: m.ShortcutsHelp })));

const PATHS = { 'go-today': '/today', 'go-all-items': '/all-items', 'go-upcoming': '/upcoming' } as const;
const QUICK_ADD = 'input[data-quick-add]';

/** Quick add lives on Today: there it takes focus; elsewhere Today opens first, then it does. */
function focusQuickAdd(navigate: (path: string) => void): void {
  const field = document.querySelector<HTMLInputElement>(QUICK_ADD);
  if (field) {
    field.focus();
    return;
  }
  navigate('/today');
  const giveUpAt = performance.now() + 5000;
  const look = () => {
    const arrived = document.querySelector<HTMLInputElement>(QUICK_ADD);
    if (arrived) arrived.focus();
    else if (performance.now() < giveUpAt) requestAnimationFrame(look);
  };
  requestAnimationFrame(look);
}

/** Runs a command; false when it had nothing to act on, so the key keeps its ordinary use. */
function run(command: ShortcutCommand, navigate: (path: string) => void, openHelp: () => void): boolean {
  switch (command) {
    case 'search':
      setSearchOpen(true);
      return true;
    case 'help':
      openHelp();
      return true;
    case 'quick-add':
      focusQuickAdd(navigate);
      return true;
    case 'go-today':
    case 'go-all-items':
    case 'go-upcoming':
      navigate(PATHS[command]);
      return true;
    case 'next':
    case 'previous': {
      const card = neighbourCard(command === 'next' ? 1 : -1);
      if (card) focusCard(card);
      return card !== null;
    }
    default:
      return actOnCard(command);
  }
}

/** The commands that act on the card in focus: every other command is handled above. */
type CardCommand = Exclude<
  ShortcutCommand,
  'quick-add' | 'search' | 'help' | 'go-today' | 'go-all-items' | 'go-upcoming' | 'next' | 'previous'
>;

function actOnCard(command: CardCommand): boolean {
  const card = focusedCard();
  const actions = card && actionsOf(card);
  if (!card || !actions) return false;
  if (command === 'edit') {
    actions.edit();
    return true;
  }
  if (command === 'select') {
    // Execution Mode's one item is not chosen from.
    if (!actions.choose) return false;
    actions.choose();
    return true;
  }
  const priority = command.startsWith('priority-') ? PRIORITY_OF_TODOIST[command.slice(-1)] : undefined;
  if (priority !== undefined) {
    // A habit has no priority: the key does nothing on its card.
    if (!actions.setPriority) return false;
    actions.setPriority(priority);
    return true;
  }
  // A card may leave the screen: at once when deleted, after the answer when taken off Today or
  // ticked under a filter. Focus then goes on to the next card (or the one before), not the page.
  const neighbour = neighbourCard(1, card) ?? neighbourCard(-1, card);
  if (command === 'complete') actions.toggleDone();
  else if (command === 'toggle-today') actions.toggleToday();
  else actions.remove();
  if (neighbour && neighbour !== card) followWhenGone(card, () => neighbour);
  return true;
}

/**
 * The signed-in app's keyboard shortcuts and search (docs/product.md#keyboard-shortcuts,
 * docs/product.md#search): one key listener on the document, and the search and "?" dialogs, each
 * loaded the first time it is opened.
 */
export function CommandLayer() {
  const [, navigate] = useLocation();
  const searchOpen = useSearchOpen();
  const [helpOpen, setHelpOpen] = useState(false);
  const searchLoaded = useOpenedOnce(searchOpen);
  const helpLoaded = useOpenedOnce(helpOpen);

  useEffect(() => {
    let state: ShortcutState = null;
    const onKeyDown = (event: KeyboardEvent) => {
      if (!isShortcutKey(event)) {
        state = null;
        return;
      }
      const reading = readShortcutKey(state, event.key, event.timeStamp);
      state = reading.state;
      if (!reading.handled) return;
      if (!reading.command || run(reading.command, navigate, () => setHelpOpen(true))) event.preventDefault();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [navigate]);

  return (
    <Suspense fallback={null}>
      {searchLoaded && <SearchLayer open={searchOpen} onOpenChange={setSearchOpen} />}
      {helpLoaded && <ShortcutsHelp open={helpOpen} onOpenChange={setHelpOpen} />}
    </Suspense>
  );
}
