import { startTransition, useCallback, useState } from 'react';

/** Phone cards rendered at once: a screen of them (103 px each) and a little more. */
export const FIRST_SCREEN_CARDS = 10;
/** Cards added each time the end of those shown comes near the screen. */
export const CARDS_PER_PIECE = 20;

/**
 * The phone ranking's cards as the reader scrolls: the first screen of them at once, then a further piece each
 * time `showMore` is called (the end of the list near the screen, or the "더 보기" button), as a transition,
 * which React renders in slices. A page of 100 cards rendered while the page loads kept a phone's slower CPU
 * busy for most of a second; cards below the screen wait until the reader comes near them. Cards are only
 * ever added after those shown, so the order of the page (keyboard, screen reader) is the list's, and nothing
 * shown moves. With `inPieces` false (the desktop table) every row shows at once.
 */
export function useShownAsScrolled<T>(rows: readonly T[], inPieces: boolean) {
  const [limit, setLimit] = useState(FIRST_SCREEN_CARDS);
  const showMore = useCallback(() => startTransition(() => setLimit((shown) => shown + CARDS_PER_PIECE)), []);
  const shown = !inPieces || limit >= rows.length ? rows : rows.slice(0, limit);
  return { shown, allShown: shown.length === rows.length, showMore };
}
