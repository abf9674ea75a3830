/**
 * Drawings of the XWi router: a different model for 2 Gbps (and below), 2.5 Gbps and 10 Gbps.
 */
import { SPEED_IDS } from '#shared/signup/constants';

type Model = 'standard' | 'multi-gig' | 'ten-gig';

function modelFor(speedId: string | null): Model {
  if (speedId === SPEED_IDS.gbps10) return 'ten-gig';
  if (speedId === SPEED_IDS.gbps2_5) return 'multi-gig';
  return 'standard';
}

const TITLES: Record<Model, string> = {
  standard: 'XWi router for speeds up to 2 Gbps: a compact white tower',
  'multi-gig': 'XWi router for 2.5 Gbps: a tower with two antennas',
  'ten-gig': 'XWi router for 10 Gbps: a wide unit with four antennas and a fiber port',
};

export function RouterImage({ speedId, size = 120 }: { speedId: string | null; size?: number }) {
  const model = modelFor(speedId);
  const antennas = model === 'ten-gig' ? 4 : model === 'multi-gig' ? 2 : 0;
  const width = model === 'ten-gig' ? 92 : 56;
  const x = (120 - width) / 2;
  return (
    <svg
      role="img"
      aria-label={TITLES[model]}
      data-router-model={model}
      width={size}
      height={size}
      viewBox="0 0 120 120"
    >
      <title>{TITLES[model]}</title>
      {Array.from({ length: antennas }, (_, i) => {
        const ax = x + 8 + (i * (width - 16)) / Math.max(1, antennas - 1);
        return <rect key={i} x={ax - 3} y={14} width={6} height={34} rx={3} fill="#495057" />;
      })}
      <rect
        x={x}
        y={40}
        width={width}
        height={64}
        rx={10}
        fill="#f8f9fa"
        stroke="#343a40"
        strokeWidth={3}
      />
      <circle cx={60} cy={58} r={5} fill={model === 'ten-gig' ? '#e8590c' : '#1c7ed6'} />
      {[0, 1, 2].map((i) => (
        <rect key={i} x={60 - 14 + i * 11} y={80} width={6} height={4} rx={1} fill="#2b8a3e" />
      ))}
      {model === 'ten-gig' && (
        <rect x={x + width - 20} y={92} width={12} height={6} rx={1} fill="#e8590c" />
      )}
      <text x={60} y={118} textAnchor="middle" fontSize={11} fontFamily="sans-serif" fill="#212529">
        {model === 'ten-gig' ? 'XWi 10G' : model === 'multi-gig' ? 'XWi 2.5G' : 'XWi'}
      </text>
    </svg>
  );
}
