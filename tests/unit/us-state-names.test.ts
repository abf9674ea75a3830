/**
 * The address forms' state lists (the signup payment's billing address, signup.md §3) show each
 * postal code by its name. The names here are written out from the
 * public lists, not from the product: the states, the District of Columbia and the territories as
 * ISO 3166-2:US names them (in everyday word order: "U.S. Virgin Islands"), and the three military
 * codes by their USPS Publication 28 names.
 */
import { describe, expect, it } from 'vitest';
import { US_STATES } from '../../src/shared/us-state-names.ts';
import { US_STATE_ABBREVIATIONS } from '../../src/shared/us-states.ts';

const NAMES_BY_CODE: Readonly<Record<string, string>> = {
  AL: 'Alabama',
  AK: 'Alaska',
  AZ: 'Arizona',
  AR: 'Arkansas',
  CA: 'California',
  CO: 'Colorado',
  CT: 'Connecticut',
  DE: 'Delaware',
  DC: 'District of Columbia',
  FL: 'Florida',
  GA: 'Georgia',
  HI: 'Hawaii',
  ID: 'Idaho',
  IL: 'Illinois',
  IN: 'Indiana',
  IA: 'Iowa',
  KS: 'Kansas',
  KY: 'Kentucky',
  LA: 'Louisiana',
  ME: 'Maine',
  MD: 'Maryland',
  MA: 'Massachusetts',
  MI: 'Michigan',
  MN: 'Minnesota',
  MS: 'Mississippi',
  MO: 'Missouri',
  MT: 'Montana',
  NE: 'Nebraska',
  NV: 'Nevada',
  NH: 'New Hampshire',
  NJ: 'New Jersey',
  NM: 'New Mexico',
  NY: 'New York',
  NC: 'North Carolina',
  ND: 'North Dakota',
  OH: 'Ohio',
  OK: 'Oklahoma',
  OR: 'Oregon',
  PA: 'Pennsylvania',
  RI: 'Rhode Island',
  SC: 'South Carolina',
  SD: 'South Dakota',
  TN: 'Tennessee',
  TX: 'Texas',
  UT: 'Utah',
  VT: 'Vermont',
  VA: 'Virginia',
  WA: 'Washington',
  WV: 'West Virginia',
  WI: 'Wisconsin',
  WY: 'Wyoming',
  AS: 'American Samoa',
  GU: 'Guam',
  MP: 'Northern Mariana Islands',
  PR: 'Puerto Rico',
  UM: 'United States Minor Outlying Islands',
  VI: 'U.S. Virgin Islands',
  AA: 'Armed Forces Americas',
  AE: 'Armed Forces Europe',
  AP: 'Armed Forces Pacific',
};

describe('the state list', () => {
  it('holds every postal code the address checks accept, once, in their order', () => {
    expect(US_STATES.map((state) => state.abbreviation)).toEqual([...US_STATE_ABBREVIATIONS]);
  });

  it('names each postal code by its public name', () => {
    for (const state of US_STATES) {
      expect(state.name, state.abbreviation).toBe(NAMES_BY_CODE[state.abbreviation]);
    }
  });

  it('names no two postal codes alike', () => {
    const names = US_STATES.map((state) => state.name);
    expect(new Set(names).size).toBe(names.length);
  });
});
