/** "{visible} of {total} item(s)": the noun follows the total ("1 of 1 item", "2 of 5 items"). */
export function itemCountText(visible: number, total: number): string {
  return `${visible} of ${total} ${total === 1 ? 'item' : 'items'}`;
}
