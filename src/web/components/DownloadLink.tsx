/**
 * A file the API makes (an invoice's PDF, a zone file), downloaded by a link. The link's address
 * is the real one (copy it, open it in a tab), but a click fetches the file through the app's
 * client, so an access token that runs out on the way is renewed and the file still arrives; the
 * link alone would carry the cookies and come back refused, and the browser would cancel the
 * download. The download machine decides what a press does; this view renders it and gives it the
 * fetch, the save and the notification.
 */
import { Button } from '@mantine/core';
import { useActorRef, useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import { fromPromise } from 'xstate';
import { downloadMachine } from '#machines/session/download.machine';
import { selectFetchingFile } from '#machines/session/download.selectors';
import { useAppServices } from '../app/context.tsx';
import { notifyFailure } from './notify.tsx';

/** How long the fetched file's address is kept for the browser to finish saving it. */
const FILE_ADDRESS_LIFETIME_MS = 60_000;

function save(file: Blob, fileName: string): void {
  const address = URL.createObjectURL(file);
  const link = document.createElement('a');
  link.href = address;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(address), FILE_ADDRESS_LIFETIME_MS);
}

interface DownloadLinkProps {
  href: string;
  fileName: string;
  fetchFile: () => Promise<Blob>;
  children: ReactNode;
}

/** One download machine per file: a link shown for another file (another zone) starts afresh. */
export function DownloadLink(props: DownloadLinkProps) {
  return <FileLink key={props.href} {...props} />;
}

function FileLink({ href, fileName, fetchFile, children }: DownloadLinkProps) {
  const { actors } = useAppServices();
  const download = useActorRef(
    downloadMachine.provide({
      actors: { fetchFile: fromPromise<unknown>(() => fetchFile()) },
      actions: {
        'save the file': (_, { file }) => save(file as Blob, fileName),
        'tell the refusal': (_, { error }) => notifyFailure(actors.notifications, error),
      },
    }),
  );
  const fetching = useSelector(download, selectFetchingFile);
  return (
    <Button
      component="a"
      href={href}
      download={fileName}
      variant="default"
      loading={fetching}
      aria-busy={fetching || undefined}
      onClick={(event) => {
        event.preventDefault();
        download.send({ type: 'download.pressed' });
      }}
    >
      {children}
    </Button>
  );
}
