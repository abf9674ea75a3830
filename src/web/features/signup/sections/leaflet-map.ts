/**
 * Leaflet and its stylesheet, loaded with `import()` only when the map of the fiber attach point
 * shows (DropPointMap.tsx), so that no other page or section pays for them.
 */
import 'leaflet/dist/leaflet.css';
import * as L from 'leaflet';
import markerIcon from 'leaflet/dist/images/marker-icon.png';
import markerIconRetina from 'leaflet/dist/images/marker-icon-2x.png';
import markerShadow from 'leaflet/dist/images/marker-shadow.png';
import { MAP_ZOOM } from '#shared/signup/constants';
import { escapeHtml } from '#shared/html';
import type { MapTiles } from '#shared/public-config';

export interface DropPointMapOptions {
  latitude: number;
  longitude: number;
  /** The configured tile server (PublicConfig.map); without a URL, no tiles. */
  tiles: MapTiles;
  /** The marker's text alternative. */
  markerLabel: string;
}

/** A link that opens beside the signup, so that the visitor's answers stay where they are. */
function outsideLink(href: string, text: string): string {
  return `<a href="${escapeHtml(href)}" target="_blank" rel="noreferrer">${escapeHtml(text)}</a>`;
}

/**
 * A map in `container` centred on the drop point at zoom 20 (signup.md §9) with a marker on it:
 * moved with the arrow keys and zoomed with + and − once focused (Leaflet's keyboard), or with its
 * zoom buttons; the page's scrolling stays the page's. Answers a function that removes it.
 */
export function showDropPoint(container: HTMLElement, options: DropPointMapOptions): () => void {
  const center: L.LatLngTuple = [options.latitude, options.longitude];
  const map = L.map(container, {
    center,
    zoom: MAP_ZOOM,
    maxZoom: MAP_ZOOM,
    keyboard: true,
    scrollWheelZoom: false,
  });
  map.attributionControl.setPrefix(outsideLink('https://leafletjs.com', 'Leaflet'));
  const { tiles } = options;
  if (tiles.tileUrl) {
    L.tileLayer(tiles.tileUrl, {
      maxZoom: MAP_ZOOM,
      maxNativeZoom: Math.min(tiles.maxZoom, MAP_ZOOM),
      attribution: outsideLink(tiles.attributionUrl, tiles.attribution),
    }).addTo(map);
  }
  L.marker(center, {
    icon: L.icon({
      ...L.Icon.Default.prototype.options,
      iconUrl: markerIcon,
      iconRetinaUrl: markerIconRetina,
      shadowUrl: markerShadow,
    }),
    alt: options.markerLabel,
    // Nothing happens on a click: the marker is no button to tab to.
    interactive: false,
    keyboard: false,
  }).addTo(map);
  return () => {
    map.remove();
  };
}
