import type { ReactNode } from 'react';
import type { ColourToken } from '../../lib/colour-bands';
import './stats.css';

/**
 * Text coloured by one of the colour rules (docs/product/ratings.md#colour-bands; the token comes from
 * web/src/lib/colour-bands.ts).
 */
export function Tone({ colour, children }: { colour: ColourToken; children: ReactNode }) {
  return <span className={`tone tone--${colour}`} data-tone={colour}>{children}</span>;
}
