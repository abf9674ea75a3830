import { useEffect } from 'react';
import { useAppServices } from '../app/context.tsx';
import { useReplacePrerendered } from '../app/prerendered.ts';

/**
 * The document's title for the page. Every page calls it, so it is also where a page on screen
 * replaces the server's prerendered first screen (`app/prerendered.ts`): in the same frame the
 * page appears, not while the shell or the page is still loading.
 */
export function usePageTitle(title: string) {
  const { config } = useAppServices();
  useReplacePrerendered();
  useEffect(() => {
    document.title = `${title} | ${config.productName}`;
  }, [title, config.productName]);
}
