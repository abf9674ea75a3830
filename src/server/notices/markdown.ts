/**
 * Notice text: Markdown rendered to HTML on the server when a notice is written, so that no
 * notice can carry script. markdown-it with `html: false` escapes any raw HTML (tags, event
 * attributes) as text, and links pass markdown-it's own validation (which refuses `javascript:`,
 * `vbscript:`, `file:` and `data:`) and then ours: only http, https, mailto and paths of this site
 * (`/…`); any other link stays text. Images are off: a notice shows no remote content. Links open
 * outside the portal without handing it over (`rel="noopener noreferrer"`).
 */
import MarkdownIt from 'markdown-it';

const markdown = new MarkdownIt({ html: false, linkify: false, typographer: false }).disable([
  'image',
]);

const SAFE_LINK = /^(https?:\/\/|mailto:|\/(?!\/))/i;
const defaultValidateLink = markdown.validateLink.bind(markdown);
markdown.validateLink = (url) => defaultValidateLink(url) && SAFE_LINK.test(url.trim());

const defaultLinkOpen =
  markdown.renderer.rules.link_open ??
  ((tokens, idx, options, _env, self) => self.renderToken(tokens, idx, options));

markdown.renderer.rules.link_open = (tokens, idx, options, env, self) => {
  tokens[idx].attrSet('rel', 'noopener noreferrer');
  tokens[idx].attrSet('target', '_blank');
  return defaultLinkOpen(tokens, idx, options, env, self);
};

export function renderNoticeMarkdown(source: string): string {
  return markdown.render(source);
}
