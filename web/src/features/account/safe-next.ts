/**
 * The page to return to after login (?next=): only a path on this site, never another origin ('//evil',
 * '/\\evil', 'https://…'), and never back to the login or sign-up page. Anything else returns to the root.
 */
export function safeNextPath(next: string | null): string {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return '/';
  if (/^\/(login|signup)(\/|\?|$)/.test(next)) return '/';
  return next;
}
