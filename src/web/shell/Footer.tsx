import { Anchor, Container, Group, SimpleGrid, Stack, Switch, Text, Title } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { FOOTER_COLUMNS, marketingUrl } from '#shared/marketing';
import { selectDarkModeOn } from '#machines/shell/theme.selectors';
import { useAppServices } from '../app/context.tsx';
import classes from './Footer.module.css';

export function Footer() {
  const { config, actors } = useAppServices();
  const darkOn = useSelector(actors.theme, selectDarkModeOn);
  const year = new Date().getFullYear();

  return (
    <footer className={classes.footer}>
      <Container size="lg" py="xl">
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="xl">
          {FOOTER_COLUMNS.map((column) => (
            <Stack key={column.label} gap={6} component="nav" aria-label={column.label}>
              <Title order={2} size="h5">
                {column.label}
              </Title>
              {column.links.map((link) => (
                <Anchor
                  key={link.path}
                  href={marketingUrl(config.mainSiteUrl, config.productName, link.path)}
                  size="sm"
                  underline="hover"
                >
                  {link.label}
                </Anchor>
              ))}
            </Stack>
          ))}
        </SimpleGrid>
        <Group justify="space-between" mt="xl" pt="md" className={classes.bottom}>
          <Text size="sm" data-testid="copyright">
            © {year} {config.productName}. All rights reserved.
          </Text>
          <Switch
            label="Dark mode"
            checked={darkOn}
            onChange={(event) =>
              actors.theme.send({
                type: 'theme.chosen',
                scheme: event.currentTarget.checked ? 'dark' : 'light',
              })
            }
          />
        </Group>
      </Container>
    </footer>
  );
}
