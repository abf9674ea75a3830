import { Anchor, Burger, Button, Drawer, Group, Menu, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconChevronDown, IconSearch } from '@tabler/icons-react';
import { marketingUrl, TOP_MENUS } from '#shared/marketing';
import { useAppServices } from '../app/context.tsx';
import { Brand } from './Brand.tsx';
import { SearchModal } from './SearchModal.tsx';
import { SessionLinks } from './SessionLinks.tsx';
import classes from './TopBar.module.css';

export function TopBar() {
  const { config } = useAppServices();
  const [searchOpen, search] = useDisclosure(false);
  const [drawerOpen, drawer] = useDisclosure(false);
  const href = (path: string) => marketingUrl(config.mainSiteUrl, config.productName, path);

  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap" className={classes.bar}>
      <Group gap="lg" wrap="nowrap">
        <Burger
          opened={drawerOpen}
          onClick={drawer.toggle}
          hiddenFrom="md"
          size="sm"
          aria-label="Open the site menu"
        />
        <Brand href={config.mainSiteUrl} name={config.productName} />
        <Group gap={4} visibleFrom="md" component="nav" aria-label="Main site">
          {TOP_MENUS.map((menu) => (
            <Menu
              key={menu.label}
              trigger="click-hover"
              openDelay={80}
              closeDelay={150}
              withInitialFocusPlaceholder={false}
            >
              <Menu.Target>
                <Button
                  variant="subtle"
                  color="gray"
                  rightSection={<IconChevronDown size={14} aria-hidden />}
                >
                  {menu.label}
                </Button>
              </Menu.Target>
              <Menu.Dropdown aria-label={menu.label}>
                {menu.links.map((link) => (
                  <Menu.Item key={link.path} component="a" href={href(link.path)}>
                    {link.label}
                  </Menu.Item>
                ))}
              </Menu.Dropdown>
            </Menu>
          ))}
        </Group>
      </Group>
      <Group gap="xs" wrap="nowrap">
        <Button
          variant="subtle"
          color="gray"
          onClick={search.open}
          leftSection={<IconSearch size={16} aria-hidden />}
          aria-haspopup="dialog"
        >
          Search
        </Button>
        <SessionLinks />
      </Group>
      <SearchModal opened={searchOpen} onClose={search.close} />
      <Drawer
        opened={drawerOpen}
        onClose={drawer.close}
        title="Menu"
        hiddenFrom="md"
        size="xs"
        closeButtonProps={{ 'aria-label': 'Close the site menu' }}
      >
        <Stack gap="md" component="nav" aria-label="Main site">
          {TOP_MENUS.map((menu) => (
            <Stack key={menu.label} gap={4}>
              <Title order={2} size="h5">
                {menu.label}
              </Title>
              {menu.links.map((link) => (
                <Anchor key={link.path} href={href(link.path)} size="sm" underline="hover">
                  {link.label}
                </Anchor>
              ))}
            </Stack>
          ))}
          <Text size="xs">These pages open on the main site.</Text>
        </Stack>
      </Drawer>
    </Group>
  );
}
