/**
 * A file the API makes (an invoice's PDF, a zone file), downloaded by a link. The link's address
 * is the real one (copy it, open it in a tab), but a click fetches the file through the app's
 * client, so an access token that runs out on the way is renewed and the file still arrives; the
 * link alone would carry the cookies and come back refused, and the browser would cancel the
 * download. While the file comes, the link says so; a refusal is told like any call's.
 */
import { Button } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { ApiFailure } from '../api/client.ts';
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

export function DownloadLink({
  href,
  fileName,
  fetchFile,
  children,
}: {
  href: string;
  fileName: string;
  fetchFile: () => Promise<Blob>;
  children: ReactNode;
}) {
  const { actors } = useAppServices();
  const [fetching, setFetching] = useState(false);
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
        if (fetching) return;
        setFetching(true);
        fetchFile()
          .then(
            (file) => save(file, fileName),
            (error: unknown) => {
              // An ended session is not told here: the app already sends the user to log in.
              if (!(error instanceof ApiFailure && error.status === 401))
                notifyFailure(actors.notifications, error);
            },
          )
          .finally(() => setFetching(false));
      }}
    >
      {children}
    </Button>
  );
}
