/** How much of a post a preview quotes: about what a messenger shows under the title. */
export const EXCERPT_LENGTH = 100;

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", nbsp: ' ' };

/**
 * The text a reader sees in HTML rendered from a notice's markdown: tags dropped (a block ends with a space, so
 * paragraphs do not run together), the entities markdown-it writes turned back into characters.
 */
export function textOfHtml(html: string): string {
  return html
    .replace(/<\/(p|h[1-6]|li|blockquote|pre|tr)>|<br\s*\/?>/gi, ' ')
    .replace(/<[^>]*>/g, '')
    .replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (_, name: string) => ENTITIES[name] as string);
}

/** The first EXCERPT_LENGTH characters of a text on one line, with an ellipsis when it goes on. */
export function excerptOf(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  const characters = [...line];
  if (characters.length <= EXCERPT_LENGTH) return line;
  return `${characters.slice(0, EXCERPT_LENGTH).join('').trimEnd()}…`;
}
