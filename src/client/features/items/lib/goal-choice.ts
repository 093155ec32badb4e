/** "" stands for no goal in the goal <select>; it is sent as goalId null (docs/product.md#dialog-lifecycle). */
export const NO_GOAL = '';

export function goalIdFromSelect(value: string): string | null {
  return value === NO_GOAL ? null : value;
}
