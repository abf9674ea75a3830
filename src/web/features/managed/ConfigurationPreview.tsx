/** The read-only preview of the nginx files the host agent renders for the server (never `ssl/`). */
import { Alert, Button, Code, Stack, Text } from '@mantine/core';
import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import {
  configurationLoader,
  selectConfigurationFiles,
} from '#machines/managed/configuration.loader';
import { selectLoadError } from '#machines/session/loader.selectors';
import type { ManagedApi } from './api.ts';

export function ConfigurationPreview({ calls }: { calls: ManagedApi }) {
  const loader = useActorRef(
    configurationLoader.provide({ actors: { load: fromPromise(() => calls.configuration()) } }),
  );
  const files = useSelector(loader, selectConfigurationFiles);
  const error = useSelector(loader, selectLoadError);
  return (
    <Stack>
      <Button
        size="xs"
        variant="light"
        style={{ alignSelf: 'flex-start' }}
        onClick={() => {
          loader.send({ type: 'reload.requested' });
          loader.send({ type: 'retry.pressed' });
        }}
      >
        Refresh
      </Button>
      {error && <Alert color="red">{error}</Alert>}
      {files?.map((file) => (
        <Stack key={file.path} gap={4}>
          <Text fw={600} size="sm">
            {file.path}
          </Text>
          <Code block aria-label={file.path}>
            {file.content}
          </Code>
        </Stack>
      ))}
    </Stack>
  );
}
