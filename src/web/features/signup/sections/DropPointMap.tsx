/**
 * The fiber attach point on a map at zoom 20, roadmap type (signup.md §9), centred on the drop
 * point with a marker. The map is Leaflet, loaded with `import()` only when this section shows
 * (`leaflet-map.ts`, its stylesheet with it); its tiles come from the configured tile server
 * (`MAP_TILE_URL`, OpenStreetMap's by default, in the public configuration). The map region is
 * named, and described by the sentence under it: the address and coordinates of the attach point
 * for whoever cannot see the map, with a link to open the spot in a maps site. Should Leaflet not
 * load, that sentence stands alone.
 */
import { Anchor, Box, Stack, Text } from '@mantine/core';
import { useEffect, useId, useRef, useState } from 'react';
import { MAP_TYPE, MAP_ZOOM } from '#shared/signup/constants';
import { useAppServices } from '../../../app/context.tsx';

export function mapsLink(latitude: number, longitude: number): string {
  return `https://www.openstreetmap.org/?mlat=${latitude}&mlon=${longitude}#map=${MAP_ZOOM}/${latitude}/${longitude}`;
}

export function DropPointMap({
  latitude,
  longitude,
  address,
}: {
  latitude: number;
  longitude: number;
  /** The address of the home the fiber reaches. */
  address: string;
}) {
  const tiles = useAppServices().config.map;
  const container = useRef<HTMLDivElement>(null);
  const [shown, setShown] = useState<'loading' | 'shown' | 'failed'>('loading');
  const descriptionId = useId();
  const coordinates = `${latitude.toFixed(6)}, ${longitude.toFixed(6)}`;
  const markerLabel = `Fiber attach point at ${address}`;

  useEffect(() => {
    let cancelled = false;
    let remove: (() => void) | undefined;
    import('./leaflet-map.ts').then(
      ({ showDropPoint }) => {
        if (cancelled || !container.current) return;
        remove = showDropPoint(container.current, { latitude, longitude, tiles, markerLabel });
        setShown('shown');
      },
      () => {
        if (!cancelled) setShown('failed');
      },
    );
    return () => {
      cancelled = true;
      remove?.();
    };
  }, [latitude, longitude, tiles, markerLabel]);

  return (
    <Stack gap={4}>
      <Box
        ref={container}
        role="region"
        aria-label={`Map of the fiber attach point (zoom ${MAP_ZOOM}, ${MAP_TYPE})`}
        aria-describedby={descriptionId}
        aria-busy={shown === 'loading'}
        data-testid="drop-map"
        data-map={shown}
        // A house and its street at zoom 20.
        h={260}
        maw={520}
        bg="gray.1"
        display={shown === 'failed' ? 'none' : undefined}
        // Leaflet's panes and controls stack inside the map, under the page's popovers.
        style={{ isolation: 'isolate', borderRadius: 'var(--mantine-radius-md)' }}
      />
      <Text size="sm" id={descriptionId}>
        The marker shows the fiber attach point at {address} ({coordinates}).{' '}
        <Anchor href={mapsLink(latitude, longitude)} target="_blank" rel="noreferrer">
          Open this spot in a map
        </Anchor>
      </Text>
    </Stack>
  );
}
