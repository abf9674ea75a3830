import { Anchor, Button, Group } from '@mantine/core';
import { IconLogout, IconUserCircle } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { loggedInLabel } from '#shared/messages/portal';
import {
  selectLoggingOut,
  selectSessionStatus,
  selectUsername,
} from '#machines/session/session.selectors';
import { useAppServices } from '../app/context.tsx';

/** The top bar's end: a login link, or the username "logged in" (to the control area) and Log out. */
export function SessionLinks() {
  const { actors } = useAppServices();
  const status = useSelector(actors.session, selectSessionStatus);
  const username = useSelector(actors.session, selectUsername);
  const loggingOut = useSelector(actors.session, selectLoggingOut);

  if (status === 'loggedIn' && username) {
    return (
      <Group gap="xs" wrap="nowrap">
        <Anchor
          component={Link}
          to="/account/"
          fw={600}
          underline="hover"
          data-testid="logged-in-link"
        >
          <Group gap={4} wrap="nowrap" component="span">
            <IconUserCircle size={18} aria-hidden />
            {loggedInLabel(username)}
          </Group>
        </Anchor>
        <Button
          variant="subtle"
          color="gray"
          leftSection={<IconLogout size={16} aria-hidden />}
          loading={loggingOut}
          onClick={() => actors.session.send({ type: 'logout.pressed' })}
        >
          Log out
        </Button>
      </Group>
    );
  }
  return (
    <Anchor component={Link} to="/login/" fw={600} underline="hover">
      Log in
    </Anchor>
  );
}
