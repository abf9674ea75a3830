/**
 * The fiber attach point on a map at zoom 20 (signup.md §9: roadmap type). Without a tile
 * provider the map is a drawn schematic: the house, the street, the drop point and its
 * coordinates, with a link to open the spot in a maps site. A tile provider can be configured at
 * build time with `VITE_MAP_TILE_URL` (a template such as
 * `https://tile.example.com/{z}/{x}/{y}.png`); its tile for the spot is then drawn underneath.
 */
import { Anchor, Box, Stack, Text } from '@mantine/core';
import { MAP_TYPE, MAP_ZOOM } from '#shared/constants';

const TILE_URL: string | undefined = import.meta.env.VITE_MAP_TILE_URL;

/** The slippy-map tile holding a point, and where in it the point lies (0..1). */
export function tileOf(latitude: number, longitude: number, zoom: number) {
  const n = 2 ** zoom;
  const x = ((longitude + 180) / 360) * n;
  const rad = (latitude * Math.PI) / 180;
  const y = ((1 - Math.log(Math.tan(rad) + 1 / Math.cos(rad)) / Math.PI) / 2) * n;
  return { x: Math.floor(x), y: Math.floor(y), fx: x % 1, fy: y % 1 };
}

export function mapsLink(latitude: number, longitude: number): string {
  return `https://www.openstreetmap.org/?mlat=${latitude}&mlon=${longitude}#map=${MAP_ZOOM}/${latitude}/${longitude}`;
}

export function DropPointMap({ latitude, longitude }: { latitude: number; longitude: number }) {
  const coordinates = `${latitude.toFixed(6)}, ${longitude.toFixed(6)}`;
  const tile = tileOf(latitude, longitude, MAP_ZOOM);
  const marker = TILE_URL ? { x: tile.fx * 256, y: tile.fy * 256 } : { x: 150, y: 118 };
  const tileHref = TILE_URL?.replace('{z}', String(MAP_ZOOM))
    .replace('{x}', String(tile.x))
    .replace('{y}', String(tile.y));
  return (
    <Stack gap={4}>
      <Box maw={320}>
        <svg
          role="img"
          aria-label={`Map of the fiber attach point at ${coordinates} (zoom ${MAP_ZOOM}, ${MAP_TYPE})`}
          viewBox="0 0 256 256"
          width="100%"
          data-testid="drop-map"
        >
          <rect width={256} height={256} fill="#e9ecef" />
          {tileHref ? (
            <image href={tileHref} width={256} height={256} />
          ) : (
            <>
              <rect x={0} y={200} width={256} height={40} fill="#adb5bd" />
              <line
                x1={0}
                y1={220}
                x2={256}
                y2={220}
                stroke="#f8f9fa"
                strokeDasharray="12 8"
                strokeWidth={3}
              />
              <polygon points="70,110 128,60 186,110" fill="#868e96" />
              <rect
                x={82}
                y={110}
                width={92}
                height={70}
                fill="#ced4da"
                stroke="#495057"
                strokeWidth={2}
              />
              <rect x={116} y={140} width={24} height={40} fill="#495057" />
              <line
                x1={marker.x}
                y1={marker.y}
                x2={marker.x}
                y2={200}
                stroke="#e8590c"
                strokeWidth={3}
                strokeDasharray="4 3"
              />
            </>
          )}
          <circle cx={marker.x} cy={marker.y} r={9} fill="#e8590c" stroke="#fff" strokeWidth={3} />
          <text x={8} y={18} fontSize={12} fontFamily="sans-serif" fill="#212529">
            Fiber attach point
          </text>
          <text x={8} y={250} fontSize={11} fontFamily="sans-serif" fill="#212529">
            {coordinates} · zoom {MAP_ZOOM}
          </text>
        </svg>
      </Box>
      <Text size="sm">
        Coordinates {coordinates}.{' '}
        <Anchor href={mapsLink(latitude, longitude)} target="_blank" rel="noreferrer">
          Open this spot in a map
        </Anchor>
      </Text>
    </Stack>
  );
}
