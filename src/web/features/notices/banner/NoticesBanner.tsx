import { Alert, Box, Button, Group, Stack, Text } from '@mantine/core';
import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import { NOTICE_MESSAGES } from '#shared/people/messages';
import type { Notice } from '#shared/notices/types';
import { noticesBannerMachine } from '#machines/notices/banner.machine';
import {
  selectBannerError,
  selectBannerFailed,
  selectNotices,
} from '#machines/notices/banner.selectors';
import { selectUser } from '#machines/session/session.selectors';
import { noticesApi } from './api.ts';
import { useAppServices } from '../../../app/context.tsx';
import { LoadFailure } from '../../../components/LoadFailure.tsx';
import classes from './NoticesBanner.module.css';

/** The current notices of the logged-in user, each with Acknowledge, and Ignore where ignorable. */
function Banner() {
  const { api } = useAppServices();
  const calls = noticesApi(api);
  const banner = useActorRef(
    noticesBannerMachine.provide({
      actors: {
        load: fromPromise<readonly Notice[]>(() => calls.current()),
        answer: fromPromise(({ input }) => calls.answer(input)),
      },
    }),
  );
  const notices = useSelector(banner, selectNotices);
  const error = useSelector(banner, selectBannerError);
  const failed = useSelector(banner, selectBannerFailed);
  if (failed)
    return (
      <Box data-testid="notices-banner">
        <LoadFailure
          title={NOTICE_MESSAGES.loadFailed}
          message={error}
          onRetry={() => banner.send({ type: 'notices.retry.pressed' })}
        />
      </Box>
    );
  if (notices.length === 0) return null;
  return (
    <Box component="section" aria-labelledby="notices-heading" data-testid="notices-banner">
      <Text id="notices-heading" fw={700} mb={4}>
        {NOTICE_MESSAGES.bannerTitle}
      </Text>
      <Stack gap="xs">
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        {notices.map(({ notice, canIgnore, busy }) => (
          <Alert
            key={notice.id}
            color="yellow"
            title={notice.title}
            role="region"
            aria-label={notice.title}
            styles={{ title: { color: 'var(--mantine-color-text)' } }}
            data-testid="notice"
          >
            <Box className={classes.content}>
              {/* Rendered and sanitised by the server when the notice was written. */}
              <div dangerouslySetInnerHTML={{ __html: notice.content_html }} />
            </Box>
            <Group gap="xs" mt="xs">
              <Button
                size="xs"
                loading={busy}
                onClick={() => banner.send({ type: 'notice.acknowledge.pressed', id: notice.id })}
              >
                {NOTICE_MESSAGES.acknowledge}
              </Button>
              {canIgnore && (
                <Button
                  size="xs"
                  variant="default"
                  disabled={busy}
                  onClick={() => banner.send({ type: 'notice.ignore.pressed', id: notice.id })}
                >
                  {NOTICE_MESSAGES.ignore}
                </Button>
              )}
            </Group>
          </Alert>
        ))}
      </Stack>
    </Box>
  );
}

/** Shown after login; a new login (another user) starts a new banner, logging out removes it. */
export function NoticesBanner() {
  const { actors } = useAppServices();
  const user = useSelector(actors.session, selectUser);
  if (!user) return null;
  return <Banner key={`${user.username}:${user.proxy?.admin_username ?? ''}`} />;
}
