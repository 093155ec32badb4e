import { describe, expect, it } from 'vitest';
import { readShortcutKey, SEQUENCE_TIMEOUT_MS, type ShortcutState } from './shortcuts';

/** Reads keys typed `gap` ms apart and lists the commands they made. */
function commandsOf(keys: readonly string[], gap = 100): string[] {
  let state: ShortcutState = null;
  const commands: string[] = [];
  keys.forEach((key, i) => {
    const reading = readShortcutKey(state, key, i * gap);
    state = reading.state;
    if (reading.command) commands.push(reading.command);
  });
  return commands;
}

describe('readShortcutKey', () => {
  it.each([
    [['q'], ['quick-add']],
    [['/'], ['search']],
    [['?'], ['help']],
    [
      ['j', 'j', 'k'],
      ['next', 'next', 'previous'],
    ],
    [['x'], ['complete']],
    [['e'], ['edit']],
    [['t'], ['toggle-today']],
    [['s'], ['select']],
    [['Delete'], ['delete']],
    [['Backspace'], ['delete']],
    [
      ['1', '2', '3', '4'],
      ['priority-1', 'priority-2', 'priority-3', 'priority-4'],
    ],
    [['5', '0'], []],
    [['g', 't'], ['go-today']],
    [['g', 'a'], ['go-all-items']],
    [['g', 'u'], ['go-upcoming']],
    // "t" after "g" goes to Today rather than toggling the card; alone it toggles.
    [
      ['g', 't', 't'],
      ['go-today', 'toggle-today'],
    ],
    // An unknown key ends the wait and does nothing itself.
    [['g', 'z', 'a'], []],
    [['g', 'g', 'a'], []],
    [['J', 'X', 'Enter', 'a'], []],
  ])('%j -> %j', (keys, commands) => {
    expect(commandsOf(keys)).toEqual(commands);
  });

  it('forgets a "g" left waiting too long', () => {
    expect(commandsOf(['g', 't'], SEQUENCE_TIMEOUT_MS + 1)).toEqual(['toggle-today']);
    expect(commandsOf(['g', 't'], SEQUENCE_TIMEOUT_MS)).toEqual(['go-today']);
  });

  it('marks the keys it uses as handled, so the browser does not use them too', () => {
    expect(readShortcutKey(null, '/', 0).handled).toBe(true);
    expect(readShortcutKey(null, 'g', 0).handled).toBe(true);
    expect(readShortcutKey(null, 'Enter', 0).handled).toBe(false);
  });
});
