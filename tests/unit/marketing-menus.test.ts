/**
 * The public shell's marketing menus (signup.md §2): the top bar's dropdown menus "Business,
 * Residential, About, Support", the footer's "three columns (Services, Credentials, Social)", and
 * the public marketing links, which "only navigate away" to exactly the paths the spec lists.
 */
import { describe, expect, it } from 'vitest';
import { FOOTER_COLUMNS, TOP_MENUS, type MarketingMenu } from '../../src/shared/marketing.ts';

/** signup.md §2 "Public marketing links only navigate away: …", in the spec's order. */
const SPEC_PATHS = [
  '/utopia',
  '/yellowstone_fiber',
  '/{product}-fiber-bountiful',
  '/lehi',
  '/voice',
  '/domains',
  '/web_hosting',
  '/cloud_hosting',
  '/vps',
  '/colocation',
  '/ssl',
  '/email_collaboration',
  '/licensing',
  '/reseller',
  '/business_phone',
  '/professional_services',
  '/personal_email',
  '/{product}-business-fiber',
  '/business_utopia',
  '/business_bountiful',
  '/business_lehi',
  '/business_southern_ute',
  '/business_yellowstone',
  '/xwi-smartsmb',
  '/business_connectivity',
  '/contact',
  '/blog',
  '/our_story',
  '/our_network',
  '/community',
  '/environment',
  '/jobs',
  '/legal',
  '/media',
  '/statistics',
  '/transparency',
  '/privacy-pledge',
  '/support',
  '/livesupport',
  '/reviews',
  '/green/',
  '/soc2/',
  '/pci/',
];

const MENUS: readonly MarketingMenu[] = [...TOP_MENUS, ...FOOTER_COLUMNS];

describe('the marketing menus', () => {
  it('are the top bar’s four dropdowns in the spec’s order', () => {
    expect(TOP_MENUS.map((menu) => menu.label)).toEqual([
      'Business',
      'Residential',
      'About',
      'Support',
    ]);
  });

  it('are the footer’s three columns in the spec’s order', () => {
    expect(FOOTER_COLUMNS.map((column) => column.label)).toEqual([
      'Services',
      'Credentials',
      'Social',
    ]);
  });

  it('each hold links, each with a label a reader and a screen reader can tell apart', () => {
    for (const menu of MENUS) {
      expect(menu.links.length, menu.label).toBeGreaterThan(0);
      const labels = menu.links.map((link) => link.label);
      for (const label of labels) {
        expect(typeof label, menu.label).toBe('string');
        expect(label.trim(), menu.label).not.toBe('');
      }
      expect(new Set(labels).size, `${menu.label}: ${labels.join(', ')}`).toBe(labels.length);
    }
  });

  it('link only to the paths the spec lists, and never twice within one menu', () => {
    for (const menu of MENUS) {
      const paths = menu.links.map((link) => link.path);
      for (const path of paths) expect(SPEC_PATHS, `${menu.label}: ${path}`).toContain(path);
      expect(new Set(paths).size, menu.label).toBe(paths.length);
    }
  });

  it('reach every path the spec lists from the top bar or the footer', () => {
    const linked = new Set(MENUS.flatMap((menu) => menu.links.map((link) => link.path)));
    expect([...linked].sort()).toEqual([...SPEC_PATHS].sort());
  });
});
