import { Anchor, Box, Container, Group, Text } from '@mantine/core';
import type { CSSProperties, ReactNode } from 'react';
import { phoneDigits } from '#shared/prerender';
import { useAppServices } from '../../app/context.tsx';
import { useReplacePrerendered } from '../../app/prerendered.ts';
import { BrandMark } from '../../shell/Brand.tsx';

/**
 * Secondary, placeholder, disabled and error text a shade darker than Mantine's defaults, for 4.5:1 contrast
 * on white. Modals (rendered outside the layout) take the same style.
 */
export const SIGNUP_TEXT_COLORS = {
  '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
  '--mantine-color-error': 'var(--mantine-color-red-9)',
  '--mantine-color-disabled-color': 'var(--mantine-color-gray-7)',
  '--mantine-color-placeholder': 'var(--mantine-color-gray-7)',
} as CSSProperties;

/**
 * The signup view replaces the normal shell: its own logo, no marketing menus, and the light
 * scheme forced while it is shown (the previous scheme comes back when it is left; the route tells
 * the theme, router.tsx `onEnter`/`onLeave`, and main.tsx on a first visit, before the router has
 * loaded). Shown inline
 * (embedded in another page), it draws no header.
 */
export function SignupLayout({
  children,
  inline = false,
}: {
  children: ReactNode;
  inline?: boolean;
}) {
  const { config } = useAppServices();
  // The server's prerendered first screen gives way to this one (src/web/app/prerendered.ts).
  useReplacePrerendered();

  return (
    <Box mih="100dvh" data-testid="signup-layout" data-inline={inline} style={SIGNUP_TEXT_COLORS}>
      {!inline && (
        <Box
          component="header"
          py="md"
          style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
        >
          <Container size="md">
            <Group justify="space-between">
              <Anchor
                href={config.mainSiteUrl}
                underline="never"
                c="inherit"
                aria-label={`${config.productName} home`}
              >
                <Group gap={10} wrap="nowrap">
                  <BrandMark size={36} />
                  <Box>
                    <Text fw={800} size="xl" lh={1.1}>
                      {config.productName}
                    </Text>
                    <Text size="xs" fw={600} tt="uppercase" lh={1.2}>
                      Fiber signup
                    </Text>
                  </Box>
                </Group>
              </Anchor>
              <Text size="sm">
                Questions? Call{' '}
                <Anchor href={`tel:${phoneDigits(config.salesPhone)}`}>{config.salesPhone}</Anchor>
              </Text>
            </Group>
          </Container>
        </Box>
      )}
      <Container component="main" id="main" size="md" py={inline ? 'md' : 'xl'}>
        {children}
      </Container>
    </Box>
  );
}
