/**
 * Text or an attribute value made safe for HTML and SVG: `&`, `<`, `>` and both quotes become character
 * references. Names and titles are user and ingest data; unescaped, a clan named `"><script>` would write markup.
 */
export function escapeMarkup(value: string): string {
  return value.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}
