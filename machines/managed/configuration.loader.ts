/** A managed server's rendered configuration files (docs/managed-hosting.md), shown as a preview. */
import type { RenderedFile } from '#shared/managed/rules';
import { createLoaderMachine } from '../session/loader.machine.ts';
import { selectData, type LoaderSnapshot } from '../session/loader.selectors.ts';

export const configurationLoader = createLoaderMachine<RenderedFile[]>();

export function selectConfigurationFiles(
  snapshot: LoaderSnapshot<RenderedFile[]>,
): RenderedFile[] | null {
  return selectData(snapshot);
}
