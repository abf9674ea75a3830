/**
 * The DNS panel's forms (docs/dns.md "The page"): the spec's rule of target names (portal.md §5:
 * "MX record targets get a trailing dot unless '@' or already ending with a dot, on create;
 * always on update"; docs/dns.md "Targets": `www` → `www.example.com.`) held to its examples, and
 * the one function that applies it agreeing with the server's record check and the record
 * editor's "Will be served as"; what the machine sends from what was typed (numbers as numbers);
 * a refusal kept with the form that sent it; and a user who may only view (portal.md §6: DNS
 * changes take services manage) offered no form.
 */
import { createActor, waitFor } from 'xstate';
import { describe, expect, it } from 'vitest';
import { dnsPanelWithCalls, type DnsChange } from '../../machines/dns/dns-panel.machine.ts';
import { selectForms } from '../../machines/dns/dns-panel.selectors.ts';
import {
  selectCanChange,
  selectEditor,
  selectFailure,
  selectFormFailure,
  selectReadOnlyReason,
  selectServedName,
} from '../../machines/dns/dns-forms.selectors.ts';
import {
  checkRecord,
  servedTarget,
  type DnsRecord,
  type DnsZone,
  type RecordType,
} from '../../src/shared/dns/rules.ts';
import { DNS_MESSAGES } from '../../src/shared/dns/messages.ts';
import type { Perms } from '../../src/shared/permissions.ts';

const ZONE = 'example.com';

describe('the name a record’s target is served as (portal.md §5, docs/dns.md "Targets")', () => {
  // [type, typed, mode, kept, served, a short name at the root]
  const EXAMPLES: [RecordType, string, 'create' | 'update', string, string, boolean][] = [
    // MX on create: a trailing dot unless '@' or already ending with one.
    ['MX', 'mail', 'create', 'mail.', 'mail.', true],
    ['MX', 'mail.example.com', 'create', 'mail.example.com.', 'mail.example.com.', false],
    ['MX', 'mx.example.org.', 'create', 'mx.example.org.', 'mx.example.org.', false],
    ['MX', '@', 'create', '@', 'example.com.', false],
    // MX on update: always (the zone itself then written out).
    ['MX', 'mail', 'update', 'mail.', 'mail.', true],
    ['MX', '@', 'update', 'example.com.', 'example.com.', false],
    ['MX', 'mail.example.com.', 'update', 'mail.example.com.', 'mail.example.com.', false],
    // Other targets follow zone-file rules: a short name is in the zone.
    ['CNAME', 'www', 'create', 'www', 'www.example.com.', false],
    ['CNAME', 'www', 'update', 'www', 'www.example.com.', false],
    ['CNAME', 'cdn.example.net.', 'create', 'cdn.example.net.', 'cdn.example.net.', false],
    ['NS', 'ns1', 'create', 'ns1', 'ns1.example.com.', false],
    ['PTR', '@', 'create', '@', 'example.com.', false],
  ];

  it.each(EXAMPLES)(
    '%s %s on %s is kept as %s and served as %s',
    (type, typed, mode, kept, served, atRoot) => {
      expect(servedTarget(type, typed, ZONE, mode)).toEqual({
        ok: true,
        stored: kept,
        served,
        atRoot,
      });
    },
  );

  it('is the rule the server keeps and serves records by', () => {
    for (const [type, typed, mode, kept, served] of EXAMPLES) {
      const fields =
        type === 'MX'
          ? { target: typed, priority: 10 }
          : {
              [type === 'CNAME' ? 'canonical_name' : type === 'NS' ? 'nameserver' : 'ptrdname']:
                typed,
            };
      const check = checkRecord(
        type,
        { name: type === 'CNAME' ? 'web' : '@', ttl: null, fields },
        ZONE,
        mode,
      );
      expect(check.ok, `${type} ${typed}`).toBe(true);
      if (!check.ok) continue;
      expect(Object.values(check.fields)).toContain(kept);
      expect(check.content).toBe(type === 'MX' ? `10 ${served}` : served);
    }
  });

  it('refuses what is no host name', () => {
    expect(servedTarget('MX', 'not a host', ZONE, 'create')).toEqual({
      ok: false,
      error: DNS_MESSAGES.hostname,
    });
  });
});

// ---------------------------------------------------------------------------------------------
// The page machine and its children, with a server of one zone holding one MX record.

const zone: DnsZone = {
  zone_id: 7,
  zone_name: ZONE,
  ttl: 3600,
  aliases: [],
  soa: {
    primary: 'ns1.ridgeline.example.',
    hostmaster: `hostmaster.${ZONE}.`,
    serial: 1,
    refresh: 10800,
    retry: 3600,
    expire: 604800,
    minimum: 3600,
  },
  publication: { state: 'off', error: null },
  created_at: '2030-01-15T12:00:00.000Z',
};
const MX = {
  record_id: 70,
  record_type: 'MX',
  name: '@',
  ttl: null,
  content: '10 mx.example.net.',
  target: 'mx.example.net.',
  priority: 10,
} as DnsRecord;

const MANAGER: Perms = { services: { has_view: true, has_manage: true } };
const VIEWER: Perms = { services: { has_view: true, has_manage: false } };

async function panel(perms: Perms, refuse?: (change: DnsChange) => unknown) {
  const sent: DnsChange[] = [];
  const actor = createActor(
    dnsPanelWithCalls({
      loadZones: async () => ({ total_zones: 1, zones: [zone], limit: 10, offset: 0 }),
      loadRecords: async () => ({ total_records: 1, records: [MX], limit: 10, offset: 0 }),
      change: async (input) => {
        sent.push(input);
        const refusal = refuse?.(input);
        if (refusal) throw refusal;
        return {};
      },
    }),
    { input: { perms } },
  ).start();
  await waitFor(actor, (s) => s.matches('ready'));
  return { actor, sent };
}

/** The forms' snapshot (the page's `forms` child). */
const forms = (actor: { getSnapshot(): Parameters<typeof selectForms>[0] }) =>
  selectForms(actor.getSnapshot()).getSnapshot();
const refusedIn = (actor: Parameters<typeof forms>[0]) => selectFailure(forms(actor)) !== null;

describe('the record editor says the name that will be served as it is typed', () => {
  it('for a new MX record, "mail" is served at the root, with the warning', async () => {
    const { actor } = await panel(MANAGER);
    actor.send({ type: 'record.create.pressed', recordType: 'MX' });
    expect(selectServedName(forms(actor))).toBeNull();
    actor.send({ type: 'record.field.changed', field: 'target', value: 'mail' });
    expect(selectServedName(forms(actor))).toEqual({
      field: 'target',
      text: 'Will be served as mail.',
      warning: DNS_MESSAGES.servedAtRoot('mail', ZONE),
    });
    actor.send({ type: 'record.field.changed', field: 'target', value: 'mail.example.com' });
    expect(selectServedName(forms(actor))).toEqual({
      field: 'target',
      text: 'Will be served as mail.example.com.',
      warning: null,
    });
    actor.send({ type: 'record.field.changed', field: 'target', value: '@' });
    expect(selectServedName(forms(actor))?.text).toBe('Will be served as example.com.');
  });

  it('for a CNAME, "www" is served in the zone', async () => {
    const { actor } = await panel(MANAGER);
    actor.send({ type: 'record.create.pressed', recordType: 'CNAME' });
    actor.send({ type: 'record.field.changed', field: 'canonical_name', value: 'www' });
    expect(selectServedName(forms(actor))).toEqual({
      field: 'canonical_name',
      text: 'Will be served as www.example.com.',
      warning: null,
    });
  });

  it('sends what was typed, its numbers as numbers and an empty TTL as the zone’s', async () => {
    const { actor, sent } = await panel(MANAGER);
    actor.send({ type: 'record.edit.pressed', record: MX });
    expect(selectEditor(forms(actor))?.values).toEqual({
      name: '@',
      target: 'mx.example.net.',
      priority: '10',
      ttl: '',
    });
    actor.send({ type: 'record.field.changed', field: 'target', value: 'mail' });
    actor.send({ type: 'record.field.changed', field: 'priority', value: '20' });
    actor.send({ type: 'record.save.submitted' });
    await waitFor(actor, (s) => s.matches('ready'));
    expect(sent).toEqual([
      {
        kind: 'record.save',
        zoneId: zone.zone_id,
        recordType: 'MX',
        recordId: MX.record_id,
        body: { name: '@', ttl: null, target: 'mail', priority: 20 },
      },
    ]);
  });
});

describe('a refused change stays with the form that sent it', () => {
  it('a taken alias: on the alias field, nowhere else', async () => {
    const { actor, sent } = await panel(MANAGER, (change) =>
      change.kind === 'alias.add'
        ? {
            message: DNS_MESSAGES.zoneNameOtherAccount,
            fieldErrors: { alias_name: DNS_MESSAGES.zoneNameOtherAccount },
          }
        : null,
    );
    actor.send({ type: 'alias.name.changed', value: 'taken.example' });
    actor.send({ type: 'alias.add.submitted' });
    await waitFor(actor, (s) => s.matches('ready') && refusedIn(actor));
    expect(sent).toEqual([
      { kind: 'alias.add', zoneId: zone.zone_id, alias_name: 'taken.example' },
    ]);
    const snapshot = forms(actor);
    expect(selectFormFailure(snapshot, 'alias')).toEqual({
      fieldErrors: { alias_name: DNS_MESSAGES.zoneNameOtherAccount },
      message: null,
      details: [],
    });
    for (const form of ['zone', 'zoneTtl', 'record', 'import', 'delete'] as const)
      expect(selectFormFailure(snapshot, form).message, form).toBeNull();
  });

  it('a refused zone file: its reason and lines inside the import form', async () => {
    const { actor } = await panel(MANAGER, () => ({
      message: DNS_MESSAGES.importFailed,
      fieldErrors: { 'line 1': DNS_MESSAGES.ipv4 },
    }));
    actor.send({ type: 'import.file.changed', value: 'bad IN A 192.0.2.300' });
    actor.send({ type: 'import.preview.submitted' });
    await waitFor(actor, (s) => s.matches('ready') && refusedIn(actor));
    expect(selectFormFailure(forms(actor), 'import')).toEqual({
      fieldErrors: {},
      message: DNS_MESSAGES.importFailed,
      details: [`line 1: ${DNS_MESSAGES.ipv4}`],
    });
  });

  it('a refused delete: its reason in the confirmation, which stays open', async () => {
    const { actor } = await panel(MANAGER, () => ({ message: DNS_MESSAGES.lastApexNameserver }));
    actor.send({ type: 'record.delete.pressed', record: MX });
    actor.send({ type: 'delete.confirmed' });
    await waitFor(actor, (s) => s.matches('ready') && refusedIn(actor));
    expect(forms(actor).matches('confirming')).toBe(true);
    expect(selectFormFailure(forms(actor), 'delete').message).toBe(DNS_MESSAGES.lastApexNameserver);
  });
});

describe('a user who may only view DNS (portal.md §6)', () => {
  it('is offered no change, with the reason', async () => {
    const { actor, sent } = await panel(VIEWER);
    const snapshot = actor.getSnapshot();
    expect(selectCanChange(forms(actor))).toBe(false);
    expect(selectReadOnlyReason(forms(actor))).toBe(DNS_MESSAGES.readOnly);
    const refused = [
      { type: 'zone.create.submitted' },
      { type: 'zone.edit.pressed', zoneId: zone.zone_id },
      { type: 'zone.delete.pressed', zoneId: zone.zone_id },
      { type: 'record.create.pressed', recordType: 'A' },
      { type: 'record.edit.pressed', record: MX },
      { type: 'record.delete.pressed', record: MX },
      { type: 'alias.add.submitted' },
      { type: 'import.preview.submitted' },
    ] as const;
    for (const event of refused) {
      expect(snapshot.can(event), event.type).toBe(false);
      actor.send(event);
      expect(actor.getSnapshot().value, event.type).toBe('ready');
      expect(forms(actor).value, event.type).toBe('closed');
    }
    expect(sent).toEqual([]);
  });

  it('a user who manages services is offered them', async () => {
    const { actor } = await panel(MANAGER);
    expect(selectCanChange(forms(actor))).toBe(true);
    expect(selectReadOnlyReason(forms(actor))).toBeNull();
    expect(actor.getSnapshot().can({ type: 'zone.create.submitted' })).toBe(true);
  });
});
