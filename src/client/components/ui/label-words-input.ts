/**
 * The attributes of a field where labels are typed as words (docs/product.md#labels): in the writing
 * direction of what is typed (an Arabic label aligns right), without the browser's completion, capital
 * letters or spelling marks, which a label's word is not written for.
 */
export const LABEL_WORDS_INPUT = {
  dir: 'auto',
  autoComplete: 'off',
  autoCapitalize: 'none',
  spellCheck: false,
} as const;
