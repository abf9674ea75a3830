// @vitest-environment jsdom
/**
 * Notice Markdown (issue 13): whatever a notice's source holds, the HTML the server renders, read
 * by a browser's parser, has only Markdown's own elements, no event attributes, and only http,
 * https, mailto or same-site links.
 */
import { describe, expect, it } from 'vitest';
import { renderNoticeMarkdown } from '../../src/server/notices/markdown.ts';

const ATTACKS = [
  '<script>alert(1)</script>',
  '<img src=x onerror="alert(1)">',
  '<a href="https://x.example" onclick="alert(1)">x</a>',
  '[click](javascript:alert(1))',
  '[click](JAVASCRIPT:alert(1))',
  '[click](  javascript:alert(1))',
  '[click](java&#x09;script:alert(1))',
  '[click](vbscript:msgbox(1))',
  '[click](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)',
  '![x](javascript:alert(1))',
  '![x](https://tracker.example/pixel.png)',
  '<iframe src="https://evil.example"></iframe>',
  '<div style="background:url(javascript:alert(1))">x</div>',
  '<svg onload=alert(1)>',
  '[x](https://ok.example "title\\" onmouseover=\\"alert(1)")',
  '[x](//evil.example)',
  '<https://auto.example> <javascript:alert(1)>',
  '`<script>` and ```\n<script>alert(1)</script>\n```',
];

describe('notice Markdown', () => {
  it.each(ATTACKS)('never lets script, raw HTML or event attributes out: %s', async (source) => {
    const html = await renderNoticeMarkdown(source);
    const body = new DOMParser().parseFromString(html, 'text/html').body;
    for (const element of body.querySelectorAll('*')) {
      expect(['P', 'A', 'STRONG', 'EM', 'CODE', 'PRE']).toContain(element.tagName);
      for (const attribute of element.attributes) {
        expect(attribute.name).toMatch(/^(href|title|rel|target)$/);
      }
      const href = element.getAttribute('href');
      if (href !== null) expect(href).toMatch(/^(https?:\/\/|mailto:|\/(?!\/))/);
    }
  });

  it('keeps only http, https, mailto and this site’s links', async () => {
    expect(
      await renderNoticeMarkdown('[a](ftp://x.example) [b](//evil.example) [c](/control/billing/)'),
    ).toBe(
      '<p>[a](ftp://x.example) [b](//evil.example) <a href="/control/billing/" rel="noopener noreferrer" target="_blank">c</a></p>\n',
    );
  });

  it('keeps ordinary Markdown and safe links', async () => {
    expect(await renderNoticeMarkdown('# Hi\n\n- one\n- [status](https://status.example)')).toBe(
      '<h1>Hi</h1>\n<ul>\n<li>one</li>\n<li><a href="https://status.example" rel="noopener noreferrer" target="_blank">status</a></li>\n</ul>\n',
    );
  });
});
