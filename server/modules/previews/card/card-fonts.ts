import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { readCardFont, type CardFont } from './card-font.js';

/**
 * The cards' typeface: Noto Sans KR (SIL Open Font License), whole TrueType files from the npm package
 * @expo-google-fonts/noto-sans-kr, so Korean names render with nothing fetched at run time. Two weights: regular
 * for labels and bold for names and figures.
 */
const FONT_FILES = {
  regular: '@expo-google-fonts/noto-sans-kr/400Regular/NotoSansKR_400Regular.ttf',
  bold: '@expo-google-fonts/noto-sans-kr/700Bold/NotoSansKR_700Bold.ttf',
} as const;

export interface CardFonts {
  regular: CardFont;
  bold: CardFont;
}

/** Finds the font files in node_modules and reads them (two files of about 6 MB, kept in memory). */
export function loadCardFonts(): CardFonts {
  const require = createRequire(import.meta.url);
  return {
    regular: readCardFont(readFileSync(require.resolve(FONT_FILES.regular))),
    bold: readCardFont(readFileSync(require.resolve(FONT_FILES.bold))),
  };
}
