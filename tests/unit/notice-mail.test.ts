// @vitest-environment jsdom
/**
 * A notice's email (issue "The portal as a customer finds it", 14): its text part is a plain-text
 * rendering of the notice and its HTML part the sanitised rendering, neither showing the Markdown
 * source nor any raw HTML the notice holds (a `<script>` is neither run nor shown).
 */
import { describe, expect, it } from 'vitest';
import { noticeMail } from '../../src/server/notices/mail.ts';
import { renderNoticeMail } from '../../src/server/notices/markdown.ts';

const ORIGIN = 'https://portal.example';
const SOURCE = [
  '# Planned maintenance',
  '',
  'The network is **down** on _Sunday_.',
  '',
  '<script>alert(1)</script>',
  '',
  'See the [status page](https://status.example) or [your account](/control/account/).',
  '',
  '- routers',
  '- mail',
  '',
  '1. first',
  '2. second',
  '',
  'Write to [support@example.com](mailto:support@example.com), x <b onclick="alert(2)">now</b>.',
].join('\n');

async function mail(source = SOURCE) {
  return noticeMail({
    productName: 'Utopia',
    to: 'ann@example.test',
    firstName: 'Ann',
    notice: { title: 'Maintenance', ...(await renderNoticeMail(source, ORIGIN)) },
    unsubscribe: `${ORIGIN}/control/unsubscribe/?token=t`,
  });
}

describe('a notice’s email', () => {
  it('sends the notice as plain text, without Markdown or raw HTML', async () => {
    const { text } = await mail();
    expect(text).toContain(
      [
        'Planned maintenance',
        '',
        'The network is down on Sunday.',
        '',
        'See the status page (https://status.example) or your account (https://portal.example/control/account/).',
        '',
        '- routers',
        '- mail',
        '',
        '1. first',
        '2. second',
        '',
        'Write to support@example.com, x now.',
      ].join('\n'),
    );
    for (const raw of ['**', '_Sunday_', '# ', '](', '<script', 'alert(', '<b', 'onclick']) {
      expect(text).not.toContain(raw);
    }
  });

  it('sends the notice as sanitised HTML, without Markdown or raw HTML', async () => {
    const { html } = await mail();
    for (const raw of ['**', '_Sunday_', '](', '<script', '&lt;script', 'alert(', 'onclick']) {
      expect(html).not.toContain(raw);
    }
    const body = new DOMParser().parseFromString(html, 'text/html').body;
    expect(body.querySelector('script')).toBeNull();
    expect(body.querySelector('strong')?.textContent).toBe('down');
    expect(body.querySelector('em')?.textContent).toBe('Sunday');
    expect([...body.querySelectorAll('a')].map((a) => a.getAttribute('href'))).toEqual([
      'https://status.example',
      'https://portal.example/control/account/',
      'mailto:support@example.com',
      `${ORIGIN}/control/unsubscribe/?token=t`,
    ]);
  });

  it('keeps unsafe links out of both parts', async () => {
    const { text, html } = await mail('[click](javascript:alert(1)) <img src=x onerror=alert(1)>');
    const body = new DOMParser().parseFromString(html, 'text/html').body;
    expect([...body.querySelectorAll('a')].map((a) => a.getAttribute('href'))).toEqual([
      `${ORIGIN}/control/unsubscribe/?token=t`,
    ]);
    expect(body.querySelector('img')).toBeNull();
    expect(html).not.toContain('onerror');
    expect(text).not.toContain('<img');
    expect(text).not.toContain('onerror');
  });
});
