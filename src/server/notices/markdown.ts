/**
 * Notice text: Markdown rendered to HTML on the server when a notice is written, so that no
 * notice can carry script. markdown-it with `html: false` escapes any raw HTML (tags, event
 * attributes) as text, and links pass markdown-it's own validation (which refuses `javascript:`,
 * `vbscript:`, `file:` and `data:`) and then ours: only http, https, mailto and paths of this site
 * (`/…`); any other link stays text. Images are off: a notice shows no remote content. Links open
 * outside the portal without handing it over (`rel="noopener noreferrer"`).
 */
import type MarkdownIt from 'markdown-it';

interface MailEnv {
  origin: string;
}

interface Renderers {
  markdown: MarkdownIt;
  mailMarkdown: MarkdownIt;
}

let renderers: Promise<Renderers> | undefined;

/**
 * markdown-it loads when a notice is first written, previewed or mailed, not at the server's start
 * (docs/architecture.md "Memory"); both instances are made once.
 */
function renderersOnce(): Promise<Renderers> {
  renderers ??= import('markdown-it').then(({ default: Markdown }) => makeRenderers(Markdown));
  return renderers;
}

const SAFE_LINK = /^(https?:\/\/|mailto:|\/(?!\/))/i;

function absoluteLink(href: string, env: MailEnv): string {
  return href.startsWith('/') ? `${env.origin}${href}` : href;
}

function makeRenderers(Markdown: typeof MarkdownIt): Renderers {
  const markdown = new Markdown({ html: false, linkify: false, typographer: false }).disable([
    'image',
  ]);
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

  /*
   * The notice as an email shows it (src/server/notices/mail.ts): HTML and a plain-text
   * rendering, never the Markdown source. Raw HTML written in a notice is not part of its text:
   * the email leaves it out of both parts (a `<script>` line is neither run nor shown), where the
   * portal shows it escaped. This instance parses raw HTML (`html: true`) only to recognise it and
   * render it as nothing; every other rule is the portal's: images off, the same link checks, and
   * same-site paths made absolute with the site's origin, since an email has no site to be
   * relative to.
   */
  const mailMarkdown = new Markdown({ html: true, linkify: false, typographer: false }).disable([
    'image',
  ]);
  mailMarkdown.validateLink = markdown.validateLink;
  mailMarkdown.renderer.rules.html_block = () => '';
  mailMarkdown.renderer.rules.html_inline = () => '';
  mailMarkdown.renderer.rules.link_open = (tokens, idx, options, env: MailEnv, self) => {
    const token = tokens[idx];
    token.attrSet('href', absoluteLink(token.attrGet('href') ?? '', env));
    token.attrSet('rel', 'noopener noreferrer');
    token.attrSet('target', '_blank');
    return self.renderToken(tokens, idx, options);
  };
  return { markdown, mailMarkdown };
}

export async function renderNoticeMarkdown(source: string): Promise<string> {
  return (await renderersOnce()).markdown.render(source);
}

type Token = ReturnType<MarkdownIt['parse']>[number];

/** An inline run as text: marks dropped, a link's address after its words, raw HTML left out. */
function inlineText(children: readonly Token[], env: MailEnv): string {
  let out = '';
  let href: string | null = null;
  let wordsFrom = 0;
  for (const token of children) {
    if (token.type === 'text' || token.type === 'code_inline') out += token.content;
    else if (token.type === 'softbreak' || token.type === 'hardbreak') out += '\n';
    else if (token.type === 'link_open') {
      href = absoluteLink(token.attrGet('href') ?? '', env);
      wordsFrom = out.length;
    } else if (token.type === 'link_close' && href !== null) {
      const words = out.slice(wordsFrom);
      if (words !== href && `mailto:${words}` !== href) out += ` (${href})`;
      href = null;
    }
  }
  return out;
}

/** The notice as plain text: paragraphs, headings, lists ("- ", "1. "), quotes ("> "), code. */
function plainText(mailMarkdown: MarkdownIt, source: string, env: MailEnv): string {
  const lines: string[] = [];
  const lists: { ordered: boolean; next: number }[] = [];
  let quotes = 0;
  let marker = '';
  const blank = () => {
    if (lines.length > 0 && lines[lines.length - 1] !== '') lines.push('');
  };
  const put = (text: string) => {
    const indent = '  '.repeat(Math.max(lists.length - 1, 0));
    const quote = '> '.repeat(quotes);
    text.split('\n').forEach((line, i) => {
      const lead = i === 0 ? marker : ' '.repeat(marker.length);
      lines.push(`${quote}${lists.length > 0 ? indent : ''}${lead}${line}`.trimEnd());
    });
    marker = '';
  };
  for (const token of mailMarkdown.parse(source, env)) {
    switch (token.type) {
      case 'inline':
        put(inlineText(token.children ?? [], env));
        break;
      case 'paragraph_close':
        if (!token.hidden) blank();
        break;
      case 'heading_close':
      case 'hr':
        if (token.type === 'hr') put('---');
        blank();
        break;
      case 'fence':
      case 'code_block':
        put(token.content.replace(/\n$/, ''));
        blank();
        break;
      case 'bullet_list_open':
      case 'ordered_list_open':
        lists.push({
          ordered: token.type === 'ordered_list_open',
          next: Number(token.attrGet('start') ?? 1),
        });
        break;
      case 'bullet_list_close':
      case 'ordered_list_close':
        lists.pop();
        if (lists.length === 0) blank();
        break;
      case 'list_item_open': {
        const list = lists[lists.length - 1];
        marker = list.ordered ? `${list.next++}. ` : '- ';
        break;
      }
      case 'blockquote_open':
        quotes += 1;
        break;
      case 'blockquote_close':
        quotes -= 1;
        blank();
        break;
      default:
        // Raw HTML blocks, table and emphasis marks: nothing of their own to show.
        break;
    }
  }
  return lines.join('\n').trim();
}

/** A notice's text for its email: HTML (sanitised as above) and plain text. */
export async function renderNoticeMail(
  source: string,
  origin: string,
): Promise<{ html: string; text: string }> {
  const { mailMarkdown } = await renderersOnce();
  const env: MailEnv = { origin };
  return { html: mailMarkdown.render(source, env), text: plainText(mailMarkdown, source, env) };
}
