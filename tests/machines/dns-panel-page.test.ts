/**
 * The DNS page machine with its real children (the zone list, the records pager, the forms, the
 * new zones' countdowns) and a fake server of 25 zones of 25 records each (portal.md §4 "DNS
 * paging": 10 a page; §9: a new zone disabled 60 s): what the page passes between its children,
 * which the children's own path tests (inert pages) and the page's (inert children) cannot see.
 */
import { createActor, SimulatedClock, waitFor } from 'xstate';
import { describe, expect, it } from 'vitest';
import { dnsPanelWithCalls, type DnsChange } from '../../machines/dns/dns-panel.machine.ts';
import {
  selectForms,
  selectRecordsPager,
  selectZoneButtonLabel,
  selectZoneList,
  type DnsPanelSnapshot,
} from '../../machines/dns/dns-panel.selectors.ts';
import { selectImportPreview, selectNotice } from '../../machines/dns/dns-forms.selectors.ts';
import { selectRecordPaging } from '../../machines/dns/records-pager.selectors.ts';
import { selectActiveZone, selectZonePaging } from '../../machines/dns/zone-list.selectors.ts';
import type { DnsRecord, DnsZone } from '../../src/shared/dns/rules.ts';
import { DNS_MESSAGES } from '../../src/shared/dns/messages.ts';

const zone = (zone_id: number): DnsZone => ({
  zone_id,
  zone_name: `z${String(zone_id).padStart(2, '0')}.example`,
  ttl: 3600,
  aliases: [],
  soa: {
    primary: 'ns1.ridgeline.example.',
    hostmaster: 'hostmaster.example.',
    serial: 1,
    refresh: 10800,
    retry: 3600,
    expire: 604800,
    minimum: 3600,
  },
  publication: { state: 'off', error: null },
  created_at: '2030-01-15T12:00:00.000Z',
});
const ZONES = Array.from({ length: 25 }, (_, i) => zone(i + 1));
const RECORDS = Array.from(
  { length: 25 },
  (_, i) =>
    ({
      record_id: 100 + i,
      record_type: 'A',
      name: `h${i}`,
      ttl: null,
      content: '192.0.2.1',
      ipv4_address: '192.0.2.1',
    }) as DnsRecord,
);
const MANAGER = { services: { has_view: true, has_manage: true } };

/** A fake server: it records every call; `failRecords` makes the next records load fail. */
function page() {
  const calls = { zones: [] as string[], records: [] as string[], changes: [] as DnsChange[] };
  const server = { failRecords: false };
  const clock = new SimulatedClock();
  const actor = createActor(
    dnsPanelWithCalls({
      loadZones: async ({ limit, offset }) => {
        calls.zones.push(`${offset}+${limit}`);
        return { total_zones: 25, zones: ZONES.slice(offset, offset + limit), limit, offset };
      },
      loadRecords: async ({ zoneId, limit, offset }) => {
        calls.records.push(`${zoneId}@${offset}+${limit}`);
        if (server.failRecords) {
          server.failRecords = false;
          throw { message: 'The server cannot be reached.' };
        }
        return { total_records: 25, records: RECORDS.slice(offset, offset + limit), limit, offset };
      },
      change: async (change) => {
        calls.changes.push(change);
        if (change.kind === 'zone.create') return { zone: zone(99) };
        if (change.kind === 'import.preview')
          return { preview: { added: [], changed: [], removed: [], applied: false } };
        return {};
      },
    }),
    { input: { perms: MANAGER }, clock },
  ).start();
  const ready = () => waitFor(actor, (s) => s.matches('ready'));
  const zones = () => selectZoneList(actor.getSnapshot()).getSnapshot();
  const records = () => selectRecordsPager(actor.getSnapshot()).getSnapshot();
  const forms = () => selectForms(actor.getSnapshot()).getSnapshot();
  return { actor, calls, server, clock, ready, zones, records, forms };
}

describe('the DNS page passes between its children', () => {
  it('opens on the first page of zones, the first zone active with its first page of records', async () => {
    const p = page();
    await p.ready();
    expect(p.calls.zones).toEqual(['0+10']);
    expect(p.calls.records).toEqual(['1@0+10']);
    expect(selectActiveZone(p.zones())?.zone_id).toBe(1);
  });

  it('another page of zones makes its first zone active, its records from their first page', async () => {
    const p = page();
    await p.ready();
    p.actor.send({ type: 'records.next.pressed' });
    await p.ready();
    expect(selectRecordPaging(p.records()).offset).toBe(10);
    p.actor.send({ type: 'zones.next.pressed' });
    await p.ready();
    expect(p.calls.zones).toEqual(['0+10', '10+10']);
    expect(p.calls.records).toEqual(['1@0+10', '1@10+10', '11@0+10']);
    // The forms act on the new active zone.
    p.actor.send({ type: 'alias.name.changed', value: 'other.example' });
    p.actor.send({ type: 'alias.add.submitted' });
    await p.ready();
    expect(p.calls.changes).toEqual([
      { kind: 'alias.add', zoneId: 11, alias_name: 'other.example' },
    ]);
  });

  it('choosing a zone shows its records from their first page', async () => {
    const p = page();
    await p.ready();
    p.actor.send({ type: 'records.next.pressed' });
    await p.ready();
    p.actor.send({ type: 'zone.selected', zoneId: 4 });
    await p.ready();
    expect(p.calls.records.at(-1)).toBe('4@0+10');
    expect(selectActiveZone(p.zones())?.zone_id).toBe(4);
  });

  it('after a change the lists load again, the active zone and its page of records kept', async () => {
    const p = page();
    await p.ready();
    p.actor.send({ type: 'zone.selected', zoneId: 3 });
    await p.ready();
    p.actor.send({ type: 'records.next.pressed' });
    await p.ready();
    p.actor.send({ type: 'zone.delete.pressed', zoneId: 5 });
    p.actor.send({ type: 'delete.confirmed' });
    await waitFor(p.actor, (s) => s.matches('changing'));
    await p.ready();
    expect(p.calls.changes).toEqual([{ kind: 'zone.delete', zoneId: 5 }]);
    expect(p.calls.zones).toEqual(['0+10', '0+10']);
    expect(p.calls.records.at(-1)).toBe('3@10+10');
    expect(selectNotice(p.forms())).toBe(DNS_MESSAGES.zoneDeleted);
  });

  it('opens no form and pages nothing while a list loads or a change is on its way', async () => {
    const p = page();
    expect(p.actor.getSnapshot().value).toBe('loadingZones');
    p.actor.send({ type: 'record.create.pressed', recordType: 'A' });
    p.actor.send({ type: 'zone.create.submitted' });
    expect(p.forms().value).toBe('closed');
    await p.ready();
    p.actor.send({ type: 'zone.field.changed', field: 'zone_name', value: 'new.example' });
    p.actor.send({ type: 'zone.create.submitted' });
    expect(p.actor.getSnapshot().value).toBe('changing');
    p.actor.send({ type: 'zones.next.pressed' });
    await p.ready();
    expect(selectZonePaging(p.zones()).offset).toBe(0);
  });

  it('a zone created keeps its Edit and Delete disabled for 60 seconds, counting down', async () => {
    const p = page();
    await p.ready();
    p.actor.send({ type: 'zone.field.changed', field: 'zone_name', value: 'new.example' });
    p.actor.send({ type: 'zone.create.submitted' });
    await waitFor(p.actor, (s) => s.matches('changing'));
    await p.ready();
    const label = (s: DnsPanelSnapshot) => selectZoneButtonLabel(s, 99, 'Edit');
    expect(label(p.actor.getSnapshot())).toBe(DNS_MESSAGES.disabledFor('Edit', 60));
    p.actor.send({ type: 'zone.edit.pressed', zoneId: 99 });
    p.actor.send({ type: 'zone.delete.pressed', zoneId: 99 });
    expect(p.forms().value).toBe('closed');
    // The countdown goes one second at a time.
    for (let second = 0; second < 59; second += 1) p.clock.increment(1_000);
    expect(label(p.actor.getSnapshot())).toBe(DNS_MESSAGES.disabledFor('Edit', 1));
    p.actor.send({ type: 'zone.delete.pressed', zoneId: 99 });
    expect(p.forms().value).toBe('closed');
    p.clock.increment(1_000);
    expect(label(p.actor.getSnapshot())).toBe('Edit');
    p.actor.send({ type: 'zone.delete.pressed', zoneId: 99 });
    expect(p.forms().value).toBe('confirming');
  });

  it('Try again after a list failed loads the zones again and forgets the last change’s words', async () => {
    const p = page();
    await p.ready();
    p.actor.send({ type: 'zone.delete.pressed', zoneId: 2 });
    p.server.failRecords = true;
    p.actor.send({ type: 'delete.confirmed' });
    await waitFor(p.actor, (s) => s.matches('failed'));
    expect(selectNotice(p.forms())).toBe(DNS_MESSAGES.zoneDeleted);
    p.actor.send({ type: 'load.retry.pressed' });
    await p.ready();
    expect(p.calls.zones).toEqual(['0+10', '0+10', '0+10']);
    expect(selectNotice(p.forms())).toBeNull();
  });

  it('a zone file’s preview is dropped when another zone becomes active', async () => {
    const p = page();
    await p.ready();
    p.actor.send({ type: 'import.file.changed', value: 'www IN A 192.0.2.1\n' });
    p.actor.send({ type: 'import.preview.submitted' });
    await waitFor(p.actor, (s) => s.matches('changing'));
    await p.ready();
    expect(selectImportPreview(p.forms())).not.toBeNull();
    p.actor.send({ type: 'zone.selected', zoneId: 2 });
    await p.ready();
    expect(selectImportPreview(p.forms())).toBeNull();
    p.actor.send({ type: 'import.apply.pressed' });
    expect(p.calls.changes.map((c) => c.kind)).toEqual(['import.preview']);
  });
});
