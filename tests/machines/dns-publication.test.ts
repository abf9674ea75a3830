/**
 * What the DNS panel says of a zone's publication (docs/dns.md "Publishing"): with no publisher
 * configured nothing serves the zone and the panel says so, never "Published"; with one, its
 * state. And who may hold a name (src/shared/dns/claims.ts), the rule the server applies.
 */
import { describe, expect, it } from 'vitest';
import { selectPublicationText } from '../../machines/dns/dns-panel.selectors.ts';
import type { DnsZone } from '../../src/shared/dns/rules.ts';
import { isPublicSuffix, nameClaimError, namesAbove } from '../../src/shared/dns/claims.ts';
import { DNS_MESSAGES } from '../../src/shared/dns/messages.ts';

const zoneIn = (publication: DnsZone['publication']) => ({ publication }) as DnsZone;

describe('a zone’s publication in words', () => {
  it('says that nothing serves it when publishing is off, else the publisher’s state', () => {
    expect(selectPublicationText(zoneIn({ state: 'off', error: null }))).toBe(
      'Not served: DNS publishing is off',
    );
    expect(selectPublicationText(zoneIn({ state: 'published', error: null }))).toBe('Published');
    expect(selectPublicationText(zoneIn({ state: 'pending', error: null }))).toBe(
      DNS_MESSAGES.publicationPending,
    );
    expect(
      selectPublicationText(zoneIn({ state: 'failed', error: 'PowerDNS is not reachable' })),
    ).toBe(DNS_MESSAGES.publicationFailed('PowerDNS is not reachable'));
  });
});

describe('who may hold a name', () => {
  const theirs = { name: 'shop.example.com', mine: false };
  it('refuses public suffixes of both sections of the list, not the domains under them', () => {
    for (const name of ['co.uk', 'github.io', 'xn--55qx5d.cn']) {
      expect(isPublicSuffix(name), name).toBe(true);
      expect(nameClaimError(name, [], [])).toBe(DNS_MESSAGES.zoneNamePublicSuffix);
    }
    for (const name of ['example.co.uk', 'me.github.io', 'zone.example']) {
      expect(isPublicSuffix(name), name).toBe(false);
      expect(nameClaimError(name, [], [])).toBeNull();
    }
  });

  it('refuses names at, above or under another account’s or the provider’s, not siblings', () => {
    expect(nameClaimError('shop.example.com', [], [theirs])).toBe(
      DNS_MESSAGES.zoneNameOtherAccount,
    );
    expect(nameClaimError('www.shop.example.com', [], [theirs])).toBe(
      DNS_MESSAGES.zoneNameOtherAccount,
    );
    expect(nameClaimError('example.com', [], [theirs])).toBe(DNS_MESSAGES.zoneNameOtherAccount);
    expect(nameClaimError('blog.example.com', [], [theirs])).toBeNull();
    expect(nameClaimError('xshop.example.com', [], [theirs])).toBeNull();
    const reserved = ['ridgeline.example'];
    expect(nameClaimError('ns1.ridgeline.example', reserved, [])).toBe(
      DNS_MESSAGES.zoneNameReserved,
    );
    expect(nameClaimError('notridgeline.example', reserved, [])).toBeNull();
  });

  it('lets an account nest its own names, never hold one twice', () => {
    const mine = { name: 'example.com', mine: true };
    expect(nameClaimError('shop.example.com', [], [mine])).toBeNull();
    expect(nameClaimError('example.com', [], [mine])).toBe(DNS_MESSAGES.zoneNameTaken);
    expect(namesAbove('a.b.example.com')).toEqual(['b.example.com', 'example.com']);
    expect(namesAbove('example.com')).toEqual([]);
  });
});
