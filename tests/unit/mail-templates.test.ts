import { describe, expect, it } from 'vitest';
import { passwordRecoveryMail, usernameRecoveryMail } from '../../src/server/mail/templates.ts';

describe('email HTML', () => {
  it('escapes every value it shows, in text and in attributes', () => {
    const mail = passwordRecoveryMail({
      productName: 'Fiber <Co>',
      to: 'a@example.com',
      username: '<script>alert(1)</script>',
      link: 'https://example.com/reset?a=1&b="x"',
      validMinutes: 30,
    });
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('<strong>&lt;script&gt;alert(1)&lt;/script&gt;</strong>');
    expect(mail.html).toContain('href="https://example.com/reset?a=1&amp;b=&quot;x&quot;"');
    expect(mail.html).toContain('<p>Fiber &lt;Co&gt;</p>');
    expect(mail.html).toMatch(/^<!doctype html>\s*<html>/);
  });

  it('lists every username as its own item', () => {
    const mail = usernameRecoveryMail({
      productName: 'Fiber',
      to: 'a&b@example.com',
      usernames: ['dana', 'd<2>'],
      loginUrl: 'https://example.com/control/login/',
    });
    expect(mail.html).toMatch(
      /<ul>\s*<li><strong>dana<\/strong><\/li><li><strong>d&lt;2&gt;<\/strong><\/li>\s*<\/ul>/,
    );
    expect(mail.html).toContain('registered with a&amp;b@example.com:');
    expect(mail.text).toContain('dana\nd<2>');
  });
});
