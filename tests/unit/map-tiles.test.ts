/**
 * The attach-point map's tiles (issue 11: "tile URL from configuration, OpenStreetMap by
 * default"): MAP_TILE_URL is checked at start, handed to the page, and the pages' CSP lets the
 * browser load images from that tile server and from no other (served: tests/api/map-tiles.test.ts).
 */
import { describe, expect, it } from 'vitest';
import { loadConfig, mapTileSource, publicConfig } from '../../src/server/config.ts';
import { contentSecurityPolicy } from '../../src/server/spa.ts';

const imgSrc = (csp: string) => csp.split('; ').find((part) => part.startsWith('img-src '));

describe('the map tile URL', () => {
  it("is OpenStreetMap's standard tiles by default, with its attribution", () => {
    const config = loadConfig({});
    expect(publicConfig(config).map).toEqual({
      tileUrl: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
      // OpenStreetMap serves tiles up to zoom 19; the map at zoom 20 scales those.
      maxZoom: 19,
      attribution: '© OpenStreetMap contributors',
      attributionUrl: 'https://www.openstreetmap.org/copyright',
    });
  });

  it('is read from MAP_TILE_URL and its companions', () => {
    const config = loadConfig({
      MAP_TILE_URL: 'https://maps.example.com/roadmap/{z}/{x}/{y}.png?key=abc',
      MAP_TILE_MAX_ZOOM: '20',
      MAP_TILE_ATTRIBUTION: '© Example Maps',
      MAP_TILE_ATTRIBUTION_URL: 'https://maps.example.com/terms',
    });
    expect(publicConfig(config).map).toEqual({
      tileUrl: 'https://maps.example.com/roadmap/{z}/{x}/{y}.png?key=abc',
      maxZoom: 20,
      attribution: '© Example Maps',
      attributionUrl: 'https://maps.example.com/terms',
    });
  });

  it.each([
    ['not a URL', 'tiles please'],
    ['another scheme', 'ftp://tiles.example.com/{z}/{x}/{y}.png'],
    ['no {z}', 'https://tiles.example.com/{x}/{y}.png'],
    ['no {y}', 'https://tiles.example.com/{z}/{x}.png'],
    ['{s} inside a label', 'https://tile-{s}.example.com/{z}/{x}/{y}.png'],
    ['a semicolon in the host', 'https://tiles.example.com;script-src/{z}/{x}/{y}.png'],
    ['a space in the host', 'https://tiles.example.com *.evil.test/{z}/{x}/{y}.png'],
    ['credentials', 'https://user:pw@tiles.example.com/{z}/{x}/{y}.png'],
  ])('stops the server when MAP_TILE_URL has %s', (_, value) => {
    expect(() => loadConfig({ MAP_TILE_URL: value })).toThrow(/MAP_TILE_URL must be/);
  });

  it('stops the server on a bad MAP_TILE_MAX_ZOOM or attribution link', () => {
    expect(() => loadConfig({ MAP_TILE_MAX_ZOOM: '21' })).toThrow(/MAP_TILE_MAX_ZOOM/);
    expect(() => loadConfig({ MAP_TILE_MAX_ZOOM: 'high' })).toThrow(/MAP_TILE_MAX_ZOOM/);
    expect(() => loadConfig({ MAP_TILE_ATTRIBUTION_URL: 'osm' })).toThrow(
      /MAP_TILE_ATTRIBUTION_URL/,
    );
  });
});

describe('the CSP source of the tile server', () => {
  it.each([
    ['https://tile.openstreetmap.org/{z}/{x}/{y}.png', 'https://tile.openstreetmap.org'],
    ['http://127.0.0.1:4650/tiles/{z}/{x}/{y}.png', 'http://127.0.0.1:4650'],
    ['https://Maps.Example.com:443/{z}/{x}/{y}.png?key=1', 'https://maps.example.com'],
    ['https://maps.example.com:8443/{z}/{y}/{x}', 'https://maps.example.com:8443'],
    ['https://{s}.tile.example.org/{z}/{x}/{y}.png', 'https://*.tile.example.org'],
  ])('of %s is %s', (template, source) => {
    expect(mapTileSource(template)).toBe(source);
  });

  it('joins the images the pages may load, beside their own', () => {
    expect(imgSrc(contentSecurityPolicy([], ['https://tile.openstreetmap.org']))).toBe(
      "img-src 'self' data: blob: https://tile.openstreetmap.org",
    );
    expect(imgSrc(contentSecurityPolicy())).toBe("img-src 'self' data: blob:");
  });
});
