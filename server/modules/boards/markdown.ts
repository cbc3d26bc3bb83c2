import MarkdownIt from 'markdown-it';

/**
 * Notice markdown (docs/product/notices.md#markdown). Raw HTML is off, so `<script>` and every other tag come out as
 * text; markdown-it's link check already refuses javascript:, vbscript:, file: and non-image data: URLs. Links open in
 * a new tab without handing over the page (noopener) or the address (noreferrer).
 */
const markdown = new MarkdownIt({ html: false, linkify: true, breaks: true, typographer: false });

const renderLinkOpen = markdown.renderer.rules.link_open
  ?? ((tokens, index, options, _env, self) => self.renderToken(tokens, index, options));
markdown.renderer.rules.link_open = (tokens, index, options, env, self) => {
  const token = tokens[index]!;
  token.attrSet('target', '_blank');
  token.attrSet('rel', 'noopener noreferrer nofollow');
  return renderLinkOpen(tokens, index, options, env, self);
};

/** True for an address on this site: a path (not `//host`, which is another site's). */
const isSameSite = (src: string) => src.startsWith('/') && !src.startsWith('//');

// An image from another host would make every reader's browser ask that host (telling it who reads the notice,
// the CSP aside): only the site's own images are shown; another host's becomes a link to it instead.
markdown.renderer.rules.image = (tokens, index, options, env, self) => {
  const token = tokens[index]!;
  const src = String(token.attrGet('src') ?? '');
  const alt = self.renderInlineAsText(token.children ?? [], options, env);
  if (isSameSite(src)) return `<img src="${markdown.utils.escapeHtml(src)}" alt="${markdown.utils.escapeHtml(alt)}" loading="lazy">`;
  return `<a href="${markdown.utils.escapeHtml(src)}" target="_blank" rel="noopener noreferrer nofollow">${markdown.utils.escapeHtml(alt || src)}</a>`;
};

/** Safe HTML for a notice's markdown. */
export function renderNoticeMarkdown(source: string): string {
  return markdown.render(source);
}
