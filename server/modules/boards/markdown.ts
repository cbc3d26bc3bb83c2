import MarkdownIt from 'markdown-it';

/**
 * Notice markdown (§2: notice content is rendered as markdown). Raw HTML is off, so `<script>` and every other
 * tag come out as text; markdown-it's link check already refuses javascript:, vbscript:, file: and non-image
 * data: URLs. Links open in a new tab without handing over the page (noopener) or the address (noreferrer).
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

/** Safe HTML for a notice's markdown. */
export function renderNoticeMarkdown(source: string): string {
  return markdown.render(source);
}
