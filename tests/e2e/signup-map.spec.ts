/**
 * The map of the fiber attach point at a Lehi address (issue 11; signup.md §9 "Map zoom 20,
 * roadmap type"): a real map centred on the drop point the address details name, at zoom 20, with
 * a marker, its tiles from the configured tile URL (the e2e server's own tile server,
 * tests/e2e/support/serve.ts) and its attribution; keyboard-operable, named, described by the
 * address, and accessible to axe. Nothing is fetched from the internet.
 */
import type { Locator, Page } from '@playwright/test';
import { MAP_ZOOM } from '../../src/shared/signup/constants.ts';
import { PUBLIC_CONFIG_ELEMENT_ID, type PublicConfig } from '../../src/shared/public-config.ts';
import type { ServiceabilityDetails } from '../../src/shared/signup/serviceability.ts';
import { expect, expectAccessible, test } from './support/fixtures.ts';
import { DEMO_ADDRESSES, SIGNUP_PATH, walkToConnectivity } from './signup/wizard.ts';

test.use({ reducedMotion: 'reduce' });

/** The slippy-map tile (OpenStreetMap's numbering) that holds a point at a zoom. */
function tileOf(latitude: number, longitude: number, zoom: number) {
  const n = 2 ** zoom;
  const rad = (latitude * Math.PI) / 180;
  return {
    x: Math.floor(((longitude + 180) / 360) * n),
    y: Math.floor(((1 - Math.log(Math.tan(rad) + 1 / Math.cos(rad)) / Math.PI) / 2) * n),
  };
}

function tileSrc(template: string, zoom: number, tile: { x: number; y: number }): string {
  return template
    .replace('{z}', String(zoom))
    .replace('{x}', String(tile.x))
    .replace('{y}', String(tile.y));
}

async function publicConfig(page: Page): Promise<PublicConfig> {
  const text = await page.locator(`#${PUBLIC_CONFIG_ELEMENT_ID}`).textContent();
  return JSON.parse(text ?? '{}') as PublicConfig;
}

/** The point a marker stands on (the tip of Leaflet's pin: the middle of its bottom edge). */
async function markerTip(marker: Locator) {
  const box = (await marker.boundingBox())!;
  return { x: box.x + box.width / 2, y: box.y + box.height };
}

async function loadedTile(map: Locator, src: string) {
  const tile = map.locator(`img.leaflet-tile-loaded[src="${src}"]`);
  await expect(tile).toHaveCount(1);
  // Loaded, not refused by the page's CSP: the image has the tile's pixels.
  expect(await tile.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(256);
}

test('Lehi Fiber: the attach point on a map at zoom 20, centred on the drop point, tiles from the configured server', async ({
  page,
  visit,
  baseURL,
}) => {
  // Four sections walked, then three axe checks and the keyboard: the time of a slow test.
  test.slow();
  const requested: string[] = [];
  page.on('request', (request) => requested.push(request.url()));
  const detailsAnswer = page.waitForResponse(
    (response) => response.url().includes('/connectivity_clots/details') && response.ok(),
  );
  await visit(SIGNUP_PATH);
  await walkToConnectivity(page, DEMO_ADDRESSES.lehiOntInstall);
  const details = (await (await detailsAnswer).json()) as ServiceabilityDetails;
  const { drop_latitude: latitude, drop_longitude: longitude, formatted_address } = details;
  const config = await publicConfig(page);
  const tileOrigin = new URL(config.map.tileUrl.replace(/\{[a-z]\}/g, '0')).origin;
  expect(tileOrigin).not.toBe(new URL(baseURL!).origin);

  const strata = page.getByTestId('strata-residential');
  const map = strata.getByRole('region', { name: /^Map of the fiber attach point/ });
  await expect(map).toHaveAttribute('data-map', 'shown');
  await expect(map).toHaveAccessibleName('Map of the fiber attach point (zoom 20, roadmap)');
  // The text alternative: the address of the drop point, read with the map.
  await expect(map).toHaveAccessibleDescription(
    new RegExp(`^The marker shows the fiber attach point at ${escapeRegExp(formatted_address)} `),
  );

  // The marker stands on the drop point, in the middle of the map.
  const marker = map.getByRole('img', { name: `Fiber attach point at ${formatted_address}` });
  await expect(marker).toBeVisible();
  const box = (await map.boundingBox())!;
  const tip = await markerTip(marker);
  expect(Math.abs(tip.x - (box.x + box.width / 2))).toBeLessThanOrEqual(1);
  expect(Math.abs(tip.y - (box.y + box.height / 2))).toBeLessThanOrEqual(1);

  // Zoom 20: the tile holding the drop point at zoom 20 came from the configured tile server.
  await loadedTile(
    map,
    tileSrc(config.map.tileUrl, MAP_ZOOM, tileOf(latitude, longitude, MAP_ZOOM)),
  );
  const tiles = await map
    .locator('img.leaflet-tile')
    .evaluateAll((images) => images.map((img) => (img as HTMLImageElement).src));
  expect(tiles.length).toBeGreaterThan(0);
  for (const src of tiles) expect(src.startsWith(`${tileOrigin}/`)).toBe(true);
  await expect(map.getByRole('link', { name: config.map.attribution })).toHaveAttribute(
    'href',
    config.map.attributionUrl,
  );
  await expectAccessible(page, 'the attach-point map');

  // Leaflet's keyboard: focused, the arrows move the map (the marker with it) and − zooms out.
  await map.focus();
  await expect(map).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await expect.poll(async () => (await markerTip(marker)).x).toBeLessThan(tip.x - 20);
  await page.keyboard.press('-');
  await loadedTile(
    map,
    tileSrc(config.map.tileUrl, MAP_ZOOM - 1, tileOf(latitude, longitude, MAP_ZOOM - 1)),
  );
  await expect(map.getByRole('button', { name: 'Zoom in' })).toBeVisible();

  // Nothing left this computer: the page, the API and the tiles are all local.
  for (const url of requested) {
    expect(['localhost', '127.0.0.1'], url).toContain(new URL(url).hostname);
  }
});

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
