/**
 * The signup's own business constants (signup.md §9): order fields, zip codes, the map, speeds,
 * the router and mesh, installation types. Those its first load reads are in
 * `../first-load-constants.ts`; the product-wide ones in `../constants.ts`.
 */

/** Installation notes of an order. */
export const NOTES_MAX_LENGTH = 1_000;

/** The free text of "How did you hear about us?". */
export const ATTRIBUTION_MAX_LENGTH = 300;

export const ZIP_LENGTH = 5;

export const ZIP_EXTENSION_LENGTH = 4;

/** A displayed address is cut to this many characters followed by "...". */
export const DISPLAY_ADDRESS_MAX_LENGTH = 20;

export const MAP_ZOOM = 20;

export const MAP_TYPE = 'roadmap';

export const ROUTER_COVERAGE = {
  devices: 250,
  squareFeet: 2_500,
  /** Mesh extenders are recommended above this floor area. */
  meshRecommendedAboveSquareFeet: 2_500,
} as const;

/** Router first-month discount, as the product describes it. */
export const ROUTER_FIRST_MONTH_DISCOUNT_TEXT = '$12-15';

export const SPEED_IDS = {
  gbps2: 'speed_2000_sym',
  gbps2_5: 'speed_2500_sym',
  gbps10: 'speed_10000_sym',
} as const;

/** Choosing this speed bundles the router. */
export const ROUTER_BUNDLED_SPEED_ID = SPEED_IDS.gbps10;

export const SPEED_TIERS = ['250Mbps', '1Gbps', '2Gbps', '2.5Gbps', '10Gbps'] as const;

export const SPEED_TIERS_SYMMETRIC = true;

export const INSTALLATION_TYPES = {
  basic: { label: 'Standard installation', cablingFeet: 45, hours: 2 },
  advanced: { label: 'Advanced installation', cablingFeet: 150, hours: 4 },
} as const;

export type InstallationType = keyof typeof INSTALLATION_TYPES;

/** Mesh types of a router order line. */
export const MESH_TYPES = ['mesh_none', 'mesh_lease', 'mesh_purchase'] as const;

export type MeshType = (typeof MESH_TYPES)[number];
