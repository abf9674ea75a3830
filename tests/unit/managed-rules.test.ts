/**
 * The field rules of managed hosting (portal.md §3 "SSL cert", "Database", "Vhost", "FTP user",
 * "Domain redirect", "PHP setting"; docs/managed-hosting.md "Rules"), held at their limits: what
 * the page and the server both accept, what they refuse, and with which message.
 */
import { describe, expect, it } from 'vitest';
import {
  certificateNameError,
  chainPemError,
  databaseNameError,
  databaseUserError,
  ftpUserError,
  hostNameErrors,
  onlyPemCertificates,
  parseManagedId,
  pemCertificateBlocks,
  phpSettingErrors,
  redirectLoops,
  redirectTargetError,
  redirectTargetHost,
  splitAliases,
  sslChoiceErrors,
} from '../../src/shared/managed/rules.ts';
import { isHostName } from '#shared/host-names';
import { MANAGED_MESSAGES as M } from '../../src/shared/managed/messages.ts';
import { MANAGED } from '../../src/shared/managed/constants.ts';
import { DATABASE_ID_MAX } from '../../src/shared/constants.ts';

/** RFC 1035: a label is at most 63 characters. */
const LABEL_MAX = 63;

/** A host name of exactly `length` characters: labels of 63, then a last label of letters. */
function hostNameOf(length: number): string {
  const labels: string[] = [];
  let left = length;
  while (left > LABEL_MAX + 1) {
    labels.push('a'.repeat(LABEL_MAX));
    left -= LABEL_MAX + 1;
  }
  labels.push('z'.repeat(left));
  return labels.join('.');
}

/** A text shaped as one PEM certificate block (parsing it is the server's, not these rules'). */
const PEM_BLOCK = '-----BEGIN CERTIFICATE-----\nMIIBszCCAVmgAwIBAgIU\n-----END CERTIFICATE-----';

describe('host names (domain, aliases, redirect_from)', () => {
  it('accepts a name of exactly 253 characters and refuses one of 254', () => {
    expect(hostNameOf(253)).toHaveLength(253);
    expect(isHostName(hostNameOf(253))).toBe(true);
    expect(hostNameOf(254)).toHaveLength(254);
    expect(isHostName(hostNameOf(254))).toBe(false);
  });

  it('accepts a label of 63 characters and refuses one of 64', () => {
    expect(isHostName(`${'a'.repeat(63)}.example.com`)).toBe(true);
    expect(isHostName(`${'a'.repeat(64)}.example.com`)).toBe(false);
  });

  it('needs at least two labels: example.com is a host name, localhost and an empty name are not', () => {
    expect(isHostName('example.com')).toBe(true);
    expect(isHostName('localhost')).toBe(false);
    expect(isHostName('')).toBe(false);
  });

  it('refuses an address (an all-digit last label) but takes digits within the last label', () => {
    expect(isHostName('10.0.0.1')).toBe(false);
    expect(isHostName('host.example.10')).toBe(false);
    expect(isHostName('example.com1')).toBe(true);
    expect(isHostName('example.1com')).toBe(true);
  });

  it('reads aliases typed as one text with blanks and commas between them, blanks removed', () => {
    expect(splitAliases(' www.Example.com,shop.example.com ,\n  cdn.example.com,, ')).toEqual([
      'www.example.com',
      'shop.example.com',
      'cdn.example.com',
    ]);
  });
});

describe('a vhost domain and its aliases', () => {
  const aliases = (count: number) =>
    Array.from({ length: count }, (_, i) => `site${i}.example.com`);

  it('reports an invalid domain on the domain, and nothing for a valid one', () => {
    expect(hostNameErrors('not a host', [])).toEqual({ domain: M.hostName });
    expect(hostNameErrors('shop.example.com', [])).toEqual({});
  });

  it('checks aliases alone when no domain is given (changing only the aliases)', () => {
    expect(hostNameErrors(undefined, ['www.example.com'])).toEqual({});
    expect(hostNameErrors(undefined, ['www.example.com', 'bad_alias'])).toEqual({
      'aliases.1': M.hostName,
    });
  });

  it(`takes ${MANAGED.aliasesMax} aliases and refuses one more with the limit message`, () => {
    expect(hostNameErrors('shop.example.com', aliases(MANAGED.aliasesMax))).toEqual({});
    expect(hostNameErrors('shop.example.com', aliases(MANAGED.aliasesMax + 1))).toEqual({
      aliases: M.aliasesTooMany,
    });
    expect(M.aliasesTooMany).toContain(String(MANAGED.aliasesMax));
  });

  it('names the one alias at fault by its place in the list (aliases.N)', () => {
    expect(
      hostNameErrors('shop.example.com', [
        'www.shop.example.com',
        'shop.example.com',
        'www.shop.example.com',
      ]),
    ).toEqual({ 'aliases.1': M.aliasIsDomain, 'aliases.2': M.aliasRepeated });
  });
});

describe('the SSL choice of a vhost', () => {
  it('SSL enabled needs a chosen certificate', () => {
    expect(sslChoiceErrors({ sslEnabled: true, sslId: null, sslOnly: false })).toEqual({
      ssl_id: M.sslNeedsCertificate,
    });
    expect(sslChoiceErrors({ sslEnabled: true, sslId: 3, sslOnly: false })).toEqual({});
  });

  it('SSL only with SSL enabled and a certificate is accepted; without SSL it is refused', () => {
    expect(sslChoiceErrors({ sslEnabled: true, sslId: 3, sslOnly: true })).toEqual({});
    expect(sslChoiceErrors({ sslEnabled: false, sslId: null, sslOnly: true })).toEqual({
      ssl_only: M.sslOnlyNeedsSsl,
    });
    expect(sslChoiceErrors({ sslEnabled: false, sslId: null, sslOnly: false })).toEqual({});
  });
});

describe('certificates and chains as text', () => {
  it('finds no certificate block in a text without one', () => {
    expect(pemCertificateBlocks('no certificate here')).toEqual([]);
    expect(pemCertificateBlocks(`${PEM_BLOCK}\n${PEM_BLOCK}`)).toHaveLength(2);
  });

  it('takes PEM certificate blocks with blank space around them, at least one, nothing else', () => {
    expect(onlyPemCertificates(`\n${PEM_BLOCK}\n\n${PEM_BLOCK}\n`)).toBe(true);
    expect(onlyPemCertificates('')).toBe(false);
    expect(onlyPemCertificates('  \n ')).toBe(false);
    expect(onlyPemCertificates(`junk\n${PEM_BLOCK}`)).toBe(false);
  });

  it('a CA chain left empty (or blank) is no error; one that is not PEM certificates is', () => {
    expect(chainPemError(null)).toBeUndefined();
    expect(chainPemError(undefined)).toBeUndefined();
    expect(chainPemError('')).toBeUndefined();
    expect(chainPemError('  \n ')).toBeUndefined();
    expect(chainPemError(PEM_BLOCK)).toBeUndefined();
    expect(chainPemError('junk')).toBe(M.chainPem);
  });

  it('a certificate name is 1 to 64 letters, digits, spaces, dots, dashes or underscores', () => {
    expect(certificateNameError('a')).toBeUndefined();
    expect(certificateNameError('Shop cert_2030-01.v2')).toBeUndefined();
    expect(certificateNameError('n'.repeat(MANAGED.certificateNameMaxLength))).toBeUndefined();
    expect(certificateNameError('n'.repeat(MANAGED.certificateNameMaxLength + 1))).toBe(
      M.certificateName,
    );
    expect(certificateNameError('')).toBe(M.certificateName);
    expect(certificateNameError('/shop')).toBe(M.certificateName);
    expect(certificateNameError('shop!')).toBe(M.certificateName);
  });

  it('a certificate name has no blank at either end', () => {
    expect(certificateNameError(' shop')).toBe(M.certificateName);
    expect(certificateNameError('shop ')).toBe(M.certificateName);
  });
});

describe('MySQL and FTP names', () => {
  it('a database name of 64 characters is accepted, 65 refused', () => {
    expect(databaseNameError('d'.repeat(MANAGED.databaseNameMaxLength))).toBeUndefined();
    expect(databaseNameError('d'.repeat(MANAGED.databaseNameMaxLength + 1))).toBe(M.databaseName);
  });

  it('a database user name of 32 characters is accepted, 33 refused', () => {
    expect(databaseUserError('u'.repeat(MANAGED.databaseUserMaxLength))).toBeUndefined();
    expect(databaseUserError('u'.repeat(MANAGED.databaseUserMaxLength + 1))).toBe(M.databaseUser);
  });

  it('an FTP user name is 3 to 32 characters: 2 and 33 are refused', () => {
    expect(ftpUserError('web')).toBeUndefined();
    expect(ftpUserError('w'.repeat(MANAGED.ftpUserMaxLength))).toBeUndefined();
    expect(ftpUserError('we')).toBe(M.ftpUser);
    expect(ftpUserError('w'.repeat(MANAGED.ftpUserMaxLength + 1))).toBe(M.ftpUser);
  });

  it('an FTP user name is lowercase letters, digits, dashes and underscores from a letter', () => {
    expect(ftpUserError('web_1-a')).toBeUndefined();
    expect(ftpUserError('webA')).toBe(M.ftpUser);
    expect(ftpUserError('web user')).toBe(M.ftpUser);
    expect(ftpUserError('1web')).toBe(M.ftpUser);
  });
});

describe('redirect targets: absolute http(s) addresses nginx takes as they are', () => {
  const base = 'https://example.com/';

  it('accepts an address of 2048 characters and refuses one of 2049', () => {
    const longest = base + 'a'.repeat(MANAGED.redirectUrlMaxLength - base.length);
    expect(longest).toHaveLength(MANAGED.redirectUrlMaxLength);
    expect(redirectTargetError(longest)).toBeUndefined();
    expect(redirectTargetError(`${longest}a`)).toBe(M.redirectTarget);
  });

  it('takes http:// and https:// only, at the very start', () => {
    expect(redirectTargetError('http://example.com/')).toBeUndefined();
    expect(redirectTargetError('HTTPS://Example.com/shop')).toBeUndefined();
    expect(redirectTargetError('xhttps://example.com/')).toBe(M.redirectTarget);
    expect(redirectTargetError('ftp://example.com/')).toBe(M.redirectTarget);
  });

  it('refuses an address that does not parse', () => {
    expect(redirectTargetError('http://')).toBe(M.redirectTarget);
  });

  it('refuses a user name or a password in the address', () => {
    expect(redirectTargetError('https://user@example.com/')).toBe(M.redirectTarget);
    expect(redirectTargetError('https://:secret@example.com/')).toBe(M.redirectTarget);
  });

  it('takes an IPv4 address as the host', () => {
    expect(redirectTargetError('http://192.168.10.20/')).toBeUndefined();
    expect(redirectTargetError('https://10.0.0.1:8443/app')).toBeUndefined();
  });

  it('refuses a host that is not a valid host name, even when it starts like an address', () => {
    expect(redirectTargetError('https://-bad.example.com/')).toBe(M.redirectTarget);
    expect(redirectTargetError('http://1.2.3.4.-bad.com/')).toBe(M.redirectTarget);
  });

  it('refuses blanks, quotes and nginx variables', () => {
    expect(redirectTargetError('https://example.com/a b')).toBe(M.redirectTarget);
    expect(redirectTargetError('https://example.com/"x"')).toBe(M.redirectTarget);
    expect(redirectTargetError('https://example.com/$uri')).toBe(M.redirectTarget);
  });
});

describe('the host a redirect leads to, and loops among redirects', () => {
  const to = (host: string) => `https://${host}/landing`;

  it('is the lowercase host of the target, or none when the target is no address', () => {
    expect(redirectTargetHost('https://Shop.Example.COM/x')).toBe('shop.example.com');
    expect(redirectTargetHost('not an address')).toBeUndefined();
  });

  it('a redirect to a host nobody redirects is no loop', () => {
    expect(redirectLoops([], 'old.example.com', to('new.example.com'))).toBe(false);
    expect(
      redirectLoops(
        [{ redirect_from: 'b.example.com', redirect_to: to('c.example.com') }],
        'a.example.com',
        to('b.example.com'),
      ),
    ).toBe(false);
  });

  it('a redirect to itself is a loop', () => {
    expect(redirectLoops([], 'a.example.com', to('A.example.com'))).toBe(true);
  });

  it('a redirect back to a host that already leads here closes a loop, however long', () => {
    expect(
      redirectLoops(
        [{ redirect_from: 'b.example.com', redirect_to: to('a.example.com') }],
        'a.example.com',
        to('b.example.com'),
      ),
    ).toBe(true);
    expect(
      redirectLoops(
        [
          { redirect_from: 'b.example.com', redirect_to: to('c.example.com') },
          { redirect_from: 'c.example.com', redirect_to: to('a.example.com') },
        ],
        'a.example.com',
        to('b.example.com'),
      ),
    ).toBe(true);
  });

  it('a chain that ends in a target that is no address is no loop', () => {
    expect(
      redirectLoops(
        [{ redirect_from: 'b.example.com', redirect_to: 'not an address' }],
        'a.example.com',
        to('b.example.com'),
      ),
    ).toBe(false);
  });
});

describe('PHP settings: an allow-list of php.ini directives, each typed', () => {
  const sizeHint = M.phpValue('a size such as 64M, 512K or 1G');
  const wholeHint = M.phpValue('a whole number');
  const flagHint = M.phpValue('On or Off');
  const zoneHint = M.phpValue('a time zone such as America/Denver');

  it('refuses a directive outside the allow-list, even one every object has', () => {
    expect(phpSettingErrors('disable_functions', 'exec')).toEqual({ key: M.phpKey });
    expect(phpSettingErrors('toString', '1')).toEqual({ key: M.phpKey });
    expect(phpSettingErrors('constructor', 'On')).toEqual({ key: M.phpKey });
  });

  it('refuses an empty value and one over 64 characters', () => {
    expect(phpSettingErrors('memory_limit', '')).toEqual({ value: sizeHint });
    expect(phpSettingErrors('date.timezone', 'A'.repeat(MANAGED.phpValueMaxLength + 1))).toEqual({
      value: zoneHint,
    });
  });

  it('takes a size in K, M or G, or a plain number of bytes', () => {
    for (const value of ['128M', '512K', '1G', '65536']) {
      expect(phpSettingErrors('upload_max_filesize', value), value).toEqual({});
    }
    for (const value of ['64MB', '-64M', 'x64M', '0M', '1T']) {
      expect(phpSettingErrors('upload_max_filesize', value), value).toEqual({ value: sizeHint });
    }
  });

  it('memory_limit alone takes -1 (no limit)', () => {
    expect(phpSettingErrors('memory_limit', '-1')).toEqual({});
    expect(phpSettingErrors('memory_limit', '256M')).toEqual({});
    expect(phpSettingErrors('memory_limit', '-2')).toEqual({ value: sizeHint });
    expect(phpSettingErrors('upload_max_filesize', '-1')).toEqual({ value: sizeHint });
    expect(phpSettingErrors('post_max_size', '-1')).toEqual({ value: sizeHint });
  });

  it('takes a whole number within the bounds of its directive, at both ends', () => {
    expect(phpSettingErrors('max_execution_time', '0')).toEqual({});
    expect(phpSettingErrors('max_execution_time', '30')).toEqual({});
    expect(phpSettingErrors('max_execution_time', '86400')).toEqual({});
    expect(phpSettingErrors('max_execution_time', '86401')).toEqual({ value: wholeHint });
    expect(phpSettingErrors('max_execution_time', '-1')).toEqual({ value: wholeHint });
    expect(phpSettingErrors('max_input_time', '-1')).toEqual({});
    expect(phpSettingErrors('max_input_time', '-2')).toEqual({ value: wholeHint });
    expect(phpSettingErrors('max_file_uploads', '1')).toEqual({});
    expect(phpSettingErrors('max_file_uploads', '1000')).toEqual({});
    expect(phpSettingErrors('max_file_uploads', '0')).toEqual({ value: wholeHint });
    expect(phpSettingErrors('max_file_uploads', '1001')).toEqual({ value: wholeHint });
  });

  it('takes a whole number only as plain digits', () => {
    for (const value of ['1e3', '0x10', '30s', '12.5', 'thirty']) {
      expect(phpSettingErrors('max_execution_time', value), value).toEqual({ value: wholeHint });
    }
  });

  it('takes On or Off for a flag', () => {
    expect(phpSettingErrors('display_errors', 'On')).toEqual({});
    expect(phpSettingErrors('display_errors', 'Off')).toEqual({});
    expect(phpSettingErrors('log_errors', 'yes')).toEqual({ value: flagHint });
    expect(phpSettingErrors('log_errors', '')).toEqual({ value: flagHint });
  });

  it('takes a known time zone, UTC included', () => {
    expect(phpSettingErrors('date.timezone', 'America/Denver')).toEqual({});
    expect(phpSettingErrors('date.timezone', 'UTC')).toEqual({});
    expect(phpSettingErrors('date.timezone', 'Mars/Olympus_Mons')).toEqual({ value: zoneHint });
  });
});

describe('ids in a path (docs/api.md "Managed hosting": not a number is "Server not found")', () => {
  it('reads digits from 1 up to the largest id', () => {
    expect(parseManagedId('1')).toBe(1);
    expect(parseManagedId('123')).toBe(123);
    expect(parseManagedId(String(DATABASE_ID_MAX))).toBe(DATABASE_ID_MAX);
  });

  it('refuses 0, a leading zero, a sign, other characters and ids past the largest', () => {
    for (const value of ['', '0', '01', '-1', '+1', '1.5', '12a', 'a12', ' 12', '1e3']) {
      expect(parseManagedId(value), value).toBeUndefined();
    }
    expect(parseManagedId(String(DATABASE_ID_MAX + 1))).toBeUndefined();
    expect(parseManagedId('99999999999')).toBeUndefined();
  });
});
