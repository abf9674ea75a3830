import { Anchor, Group, Text } from '@mantine/core';

export function BrandMark({ size = 28 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="6" fill="var(--mantine-color-brand-6)" />
      <path d="M6 22 L13 10 L18 18 L21 14 L26 22 Z" fill="#fff" />
    </svg>
  );
}

export function Brand({ href, name }: { href: string; name: string }) {
  return (
    <Anchor href={href} underline="never" c="inherit" aria-label={`${name} home`}>
      <Group gap={8} wrap="nowrap">
        <BrandMark />
        <Text fw={700} size="lg" visibleFrom="xs">
          {name}
        </Text>
      </Group>
    </Anchor>
  );
}
