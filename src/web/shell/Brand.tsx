import { Anchor, Group, Text, VisuallyHidden } from '@mantine/core';

export function BrandMark({ size = 28 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="6" fill="var(--mantine-color-brand-6)" />
      <path d="M6 22 L13 10 L18 18 L21 14 L26 22 Z" fill="#fff" />
    </svg>
  );
}

/**
 * The brand link to the main site. Its accessible name is its content, so that it holds the
 * visible text (WCAG 2.5.3 label in name): the product name, shown from the `xs` width and
 * visually hidden below it, and "home".
 */
export function Brand({ href, name }: { href: string; name: string }) {
  return (
    <Anchor href={href} underline="never" c="inherit">
      <Group gap={8} wrap="nowrap">
        <BrandMark />
        <Text fw={700} size="lg" visibleFrom="xs">
          {name}
        </Text>
        <VisuallyHidden hiddenFrom="xs">{name}</VisuallyHidden>
        <VisuallyHidden> home</VisuallyHidden>
      </Group>
    </Anchor>
  );
}
