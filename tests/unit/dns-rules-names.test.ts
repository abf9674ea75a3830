/**
 * The DNS panel's name, address and text rules (src/shared/dns/rules.ts), held to portal.md §3 "DNS
 * zone" and "DNS record", §5, and the rules of docs/dns.md that the spec leaves open: zone and
 * alias names, record names, targets, the MX trailing dot, A and AAAA addresses, TXT strings.
 */
import { describe, expect, it } from 'vitest';
import {
  absoluteName,
  canonicalIpv6,
  checkOwnerName,
  checkTargetName,
  checkZoneName,
  isIpv4,
  mxTargetWithDot,
  quoteCharacterString,
  splitTxt,
  utf8Length,
} from '../../src/shared/dns/rules.ts';
import { DNS } from '../../src/shared/dns/constants.ts';
import { DNS_MESSAGES as M } from '../../src/shared/dns/messages.ts';

const ZONE = 'example.com';

/** A name of dot-separated labels of the given lengths (`a`, `b`, `c`, … repeated). */
function labelsOf(...lengths: number[]): string {
  return lengths.map((length, index) => String.fromCharCode(97 + index).repeat(length)).join('.');
}

describe('checkZoneName (docs/dns.md "Zone and alias names")', () => {
  it('accepts a domain name of two or more labels and gives it lowercase', () => {
    expect(checkZoneName('example.com')).toEqual({ ok: true, name: 'example.com' });
    expect(checkZoneName('Shop.Example.CO.uk')).toEqual({ ok: true, name: 'shop.example.co.uk' });
  });

  it('ignores surrounding spaces and drops one final dot', () => {
    expect(checkZoneName('  Example.COM.  ')).toEqual({ ok: true, name: 'example.com' });
  });

  it('refuses an empty name, a lone dot and a single label', () => {
    expect(checkZoneName('')).toEqual({ ok: false, error: M.zoneName });
    expect(checkZoneName('   ')).toEqual({ ok: false, error: M.zoneName });
    expect(checkZoneName('.')).toEqual({ ok: false, error: M.zoneName });
    expect(checkZoneName('localhost')).toEqual({ ok: false, error: M.zoneName });
  });

  it('converts IDN labels to punycode, whatever their script or case', () => {
    expect(checkZoneName('bücher.example')).toEqual({ ok: true, name: 'xn--bcher-kva.example' });
    expect(checkZoneName('BÜCHER.example')).toEqual({ ok: true, name: 'xn--bcher-kva.example' });
    expect(checkZoneName('例え.jp')).toEqual({ ok: true, name: 'xn--r8jz45g.jp' });
  });

  it('refuses a non-ASCII label that is no valid host name rather than dropping it', () => {
    expect(checkZoneName('bü cher.example.com')).toEqual({ ok: false, error: M.zoneName });
  });

  it('takes each ASCII label as written, without decoding escapes', () => {
    expect(checkZoneName('a%41.com')).toEqual({ ok: false, error: M.zoneName });
  });

  it('accepts labels of 1 and 63 characters and refuses empty ones and those of 64', () => {
    expect(checkZoneName('a.io')).toEqual({ ok: true, name: 'a.io' });
    expect(checkZoneName(`${'a'.repeat(63)}.com`).ok).toBe(true);
    expect(checkZoneName(`${'a'.repeat(64)}.com`)).toEqual({ ok: false, error: M.labelLength });
    expect(checkZoneName('shop..example.com')).toEqual({ ok: false, error: M.labelLength });
  });

  it('accepts a name of 253 characters and refuses one of 254', () => {
    const longest = labelsOf(63, 63, 63, 61);
    expect(longest).toHaveLength(DNS.nameMaxLength);
    expect(checkZoneName(longest)).toEqual({ ok: true, name: longest });
    expect(checkZoneName(labelsOf(63, 63, 63, 62))).toEqual({ ok: false, error: M.nameLength });
  });

  it('allows letters, digits and inner hyphens only', () => {
    expect(checkZoneName('my-shop2.example').ok).toBe(true);
    expect(checkZoneName('-shop.example')).toEqual({ ok: false, error: M.zoneName });
    expect(checkZoneName('shop-.example')).toEqual({ ok: false, error: M.zoneName });
    expect(checkZoneName('my_shop.example')).toEqual({ ok: false, error: M.zoneName });
    expect(checkZoneName('*.example.com')).toEqual({ ok: false, error: M.zoneName });
  });

  it('refuses an all-numeric last label, and accepts digits elsewhere', () => {
    expect(checkZoneName('192.0.2.1')).toEqual({ ok: false, error: M.zoneName });
    expect(checkZoneName('example.12')).toEqual({ ok: false, error: M.zoneName });
    expect(checkZoneName('example.1')).toEqual({ ok: false, error: M.zoneName });
    expect(checkZoneName('123.example.com').ok).toBe(true);
    expect(checkZoneName('mail.123.com').ok).toBe(true);
    expect(checkZoneName('example.a1').ok).toBe(true);
    expect(checkZoneName('example.1a').ok).toBe(true);
  });
});

describe('checkOwnerName (docs/dns.md "Record names")', () => {
  it('takes @ or an empty name as the zone itself', () => {
    expect(checkOwnerName('@', ZONE)).toEqual({ ok: true, name: '@' });
    expect(checkOwnerName('', ZONE)).toEqual({ ok: true, name: '@' });
    expect(checkOwnerName('  ', ZONE)).toEqual({ ok: true, name: '@' });
  });

  it('keeps a relative name relative, lowercase and without spaces around it', () => {
    expect(checkOwnerName('  WWW ', ZONE)).toEqual({ ok: true, name: 'www' });
    expect(checkOwnerName('dev.Shop', ZONE)).toEqual({ ok: true, name: 'dev.shop' });
    expect(checkOwnerName('www.example.com', ZONE)).toEqual({ ok: true, name: 'www.example.com' });
  });

  it('turns an absolute name inside the zone into its relative form', () => {
    expect(checkOwnerName('www.example.com.', ZONE)).toEqual({ ok: true, name: 'www' });
    expect(checkOwnerName('a.b.example.com.', ZONE)).toEqual({ ok: true, name: 'a.b' });
    expect(checkOwnerName('example.com.', ZONE)).toEqual({ ok: true, name: '@' });
    expect(checkOwnerName('EXAMPLE.COM.', ZONE)).toEqual({ ok: true, name: '@' });
  });

  it('refuses an absolute name outside the zone', () => {
    expect(checkOwnerName('www.other.com.', ZONE)).toEqual({ ok: false, error: M.nameOutsideZone });
    expect(checkOwnerName('badexample.com.', ZONE)).toEqual({
      ok: false,
      error: M.nameOutsideZone,
    });
    expect(checkOwnerName('.', ZONE)).toEqual({ ok: false, error: M.nameOutsideZone });
  });

  it('allows service labels and a leading wildcard', () => {
    expect(checkOwnerName('_sip._tcp', ZONE)).toEqual({ ok: true, name: '_sip._tcp' });
    expect(checkOwnerName('_dmarc', ZONE)).toEqual({ ok: true, name: '_dmarc' });
    expect(checkOwnerName('*', ZONE)).toEqual({ ok: true, name: '*' });
    expect(checkOwnerName('*.dev', ZONE)).toEqual({ ok: true, name: '*.dev' });
  });

  it('refuses a wildcard anywhere but first, and hyphens at either end of a label', () => {
    expect(checkOwnerName('dev.*', ZONE)).toEqual({ ok: false, error: M.recordName });
    expect(checkOwnerName('-www', ZONE)).toEqual({ ok: false, error: M.recordName });
    expect(checkOwnerName('www-', ZONE)).toEqual({ ok: false, error: M.recordName });
    expect(checkOwnerName('my site', ZONE)).toEqual({ ok: false, error: M.recordName });
    expect(checkOwnerName('bü cher', ZONE)).toEqual({ ok: false, error: M.recordName });
  });

  it('converts an IDN label to punycode', () => {
    expect(checkOwnerName('Bücher', ZONE)).toEqual({ ok: true, name: 'xn--bcher-kva' });
  });

  it('refuses empty labels and labels over 63 characters with the label message', () => {
    expect(checkOwnerName('a..b', ZONE)).toEqual({ ok: false, error: M.labelLength });
    expect(checkOwnerName('x'.repeat(63), ZONE).ok).toBe(true);
    expect(checkOwnerName('x'.repeat(64), ZONE)).toEqual({ ok: false, error: M.labelLength });
  });

  it('counts the whole name with the zone against the 253-character limit', () => {
    // 241 characters + "." + "example.com" = 253.
    const longest = labelsOf(63, 63, 63, 49);
    expect(checkOwnerName(longest, ZONE)).toEqual({ ok: true, name: longest });
    expect(checkOwnerName(labelsOf(63, 63, 63, 50), ZONE)).toEqual({
      ok: false,
      error: M.nameLength,
    });
  });
});

describe('checkTargetName (docs/dns.md "Targets")', () => {
  it('takes @ as the zone itself', () => {
    expect(checkTargetName(' @ ', ZONE)).toEqual({ ok: true, name: '@' });
  });

  it('keeps a relative name relative and an absolute one absolute, both lowercase', () => {
    expect(checkTargetName('Mail', ZONE)).toEqual({ ok: true, name: 'mail' });
    expect(checkTargetName(' MAIL.Example.NET. ', ZONE)).toEqual({
      ok: true,
      name: 'mail.example.net.',
    });
  });

  it('accepts the root "." only where it is allowed (an SRV target)', () => {
    expect(checkTargetName('.', ZONE, true)).toEqual({ ok: true, name: '.' });
    expect(checkTargetName('.', ZONE)).toEqual({ ok: false, error: M.hostname });
  });

  it('refuses an empty target, a wildcard and malformed labels with the host name message', () => {
    expect(checkTargetName('', ZONE)).toEqual({ ok: false, error: M.hostname });
    expect(checkTargetName('*', ZONE)).toEqual({ ok: false, error: M.hostname });
    expect(checkTargetName('*.example.net.', ZONE)).toEqual({ ok: false, error: M.hostname });
    expect(checkTargetName('-bad.example.net.', ZONE)).toEqual({ ok: false, error: M.hostname });
    expect(checkTargetName('bad host', ZONE)).toEqual({ ok: false, error: M.hostname });
    expect(checkTargetName('bü cher.example.', ZONE)).toEqual({ ok: false, error: M.hostname });
  });

  it('refuses empty labels and labels over 63 characters with the label message', () => {
    expect(checkTargetName('bad..name', ZONE)).toEqual({ ok: false, error: M.labelLength });
    expect(checkTargetName(`${'x'.repeat(64)}.net.`, ZONE)).toEqual({
      ok: false,
      error: M.labelLength,
    });
  });

  it('counts an absolute target as written and a relative one with the zone, up to 253', () => {
    const absolute = labelsOf(63, 63, 63, 61);
    expect(checkTargetName(`${absolute}.`, ZONE)).toEqual({ ok: true, name: `${absolute}.` });
    expect(checkTargetName(`${labelsOf(63, 63, 63, 62)}.`, ZONE)).toEqual({
      ok: false,
      error: M.nameLength,
    });
    const relative = labelsOf(63, 63, 63, 49);
    expect(checkTargetName(relative, ZONE)).toEqual({ ok: true, name: relative });
    expect(checkTargetName(labelsOf(63, 63, 63, 50), ZONE)).toEqual({
      ok: false,
      error: M.nameLength,
    });
  });
});

describe('absoluteName (zone-file rules)', () => {
  it('gives @ as the zone, leaves absolute names and the root alone, completes relative ones', () => {
    expect(absoluteName('@', ZONE)).toBe('example.com.');
    expect(absoluteName('.', ZONE)).toBe('.');
    expect(absoluteName('mail.example.net.', ZONE)).toBe('mail.example.net.');
    expect(absoluteName('www', ZONE)).toBe('www.example.com.');
  });
});

describe('mxTargetWithDot (portal.md §5)', () => {
  it('on create adds a trailing dot unless the target is @ or already ends with one', () => {
    expect(mxTargetWithDot('mail.example.net', 'create', ZONE)).toBe('mail.example.net.');
    expect(mxTargetWithDot(' mail.example.net ', 'create', ZONE)).toBe('mail.example.net.');
    expect(mxTargetWithDot('mx.example.org.', 'create', ZONE)).toBe('mx.example.org.');
    expect(mxTargetWithDot('@', 'create', ZONE)).toBe('@');
  });

  it('on update always gives a dotted name, @ becoming the zone', () => {
    expect(mxTargetWithDot('mail2.example.net', 'update', ZONE)).toBe('mail2.example.net.');
    expect(mxTargetWithDot('mx.example.org.', 'update', ZONE)).toBe('mx.example.org.');
    expect(mxTargetWithDot('@', 'update', ZONE)).toBe('example.com.');
  });
});

describe('isIpv4 (docs/dns.md "A")', () => {
  it('accepts a dotted quad of 0 to 255 without leading zeros', () => {
    expect(isIpv4('192.0.2.10')).toBe(true);
    expect(isIpv4('0.0.0.0')).toBe(true);
    expect(isIpv4('255.255.255.255')).toBe(true);
  });

  it('refuses values past 255, leading zeros and the wrong number of parts', () => {
    expect(isIpv4('256.0.0.1')).toBe(false);
    expect(isIpv4('192.0.2.010')).toBe(false);
    expect(isIpv4('192.0.2')).toBe(false);
    expect(isIpv4('192.0.2.1.5')).toBe(false);
  });
});

describe('canonicalIpv6 (docs/dns.md "AAAA")', () => {
  it('gives any valid IPv6 text in its RFC 5952 form', () => {
    expect(canonicalIpv6('2001:DB8:0:0:0:0:0:1')).toBe('2001:db8::1');
    expect(canonicalIpv6('2001:db8::10')).toBe('2001:db8::10');
    expect(canonicalIpv6('::1')).toBe('::1');
    expect(canonicalIpv6('::')).toBe('::');
  });

  it('accepts an embedded IPv4 address and refuses a bad one', () => {
    expect(canonicalIpv6('::ffff:192.0.2.1')).not.toBeNull();
    expect(canonicalIpv6('::ffff:192.0.2.256')).toBeNull();
  });

  it('refuses IPv4 addresses, other characters and malformed groups', () => {
    expect(canonicalIpv6('192.0.2.1')).toBeNull();
    expect(canonicalIpv6('')).toBeNull();
    expect(canonicalIpv6('2001:db8::g')).toBeNull();
    expect(canonicalIpv6('1:2:3:4:5:6:7:8:9')).toBeNull();
    expect(canonicalIpv6('fe80::1%eth0')).toBeNull();
  });

  it('refuses control characters inside or around the address rather than dropping them', () => {
    expect(canonicalIpv6('\t::1')).toBeNull();
    expect(canonicalIpv6('::1\t')).toBeNull();
    expect(canonicalIpv6('::\n1')).toBeNull();
  });
});

describe('TXT text (docs/dns.md "TXT")', () => {
  it('counts octets of UTF-8', () => {
    expect(utf8Length('a')).toBe(1);
    expect(utf8Length('é')).toBe(2);
    expect(utf8Length('€')).toBe(3);
    expect(utf8Length('v=spf1 -all')).toBe(11);
  });

  it('serves up to 255 octets as one character-string and splits past it', () => {
    expect(splitTxt('')).toEqual(['']);
    expect(splitTxt('a'.repeat(255))).toEqual(['a'.repeat(255)]);
    expect(splitTxt('a'.repeat(256))).toEqual(['a'.repeat(255), 'a']);
    expect(splitTxt('a'.repeat(600))).toEqual(['a'.repeat(255), 'a'.repeat(255), 'a'.repeat(90)]);
  });

  it('never cuts a character in two', () => {
    expect(splitTxt(`${'a'.repeat(254)}é`)).toEqual(['a'.repeat(254), 'é']);
    expect(splitTxt('é'.repeat(128))).toEqual(['é'.repeat(127), 'é']);
  });

  it('quotes a character-string, escaping " and \\ with a backslash', () => {
    expect(quoteCharacterString('')).toBe('""');
    expect(quoteCharacterString('v=spf1 -all')).toBe('"v=spf1 -all"');
    expect(quoteCharacterString('say "hi"')).toBe('"say \\"hi\\""');
    expect(quoteCharacterString('a\\b')).toBe('"a\\\\b"');
  });

  it('writes non-printable octets as \\DDD and keeps printable ASCII from space to ~', () => {
    expect(quoteCharacterString(' ~')).toBe('" ~"');
    expect(quoteCharacterString('a\tb')).toBe('"a\\009b"');
    expect(quoteCharacterString('\u001f')).toBe('"\\031"');
    expect(quoteCharacterString('\u007f')).toBe('"\\127"');
    expect(quoteCharacterString('é')).toBe('"\\195\\169"');
  });
});
