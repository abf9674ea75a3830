/** Account Home's contact and billing information (GET /user/info; portal.md §6). */
import type { UserInfoResponse } from '#shared/session/types';
import { createLoaderMachine } from '../session/loader.machine.ts';
import { selectData, type LoaderSnapshot } from '../session/loader.selectors.ts';

export const accountInfoLoader = createLoaderMachine<UserInfoResponse>();

export function selectAccountInfo(
  snapshot: LoaderSnapshot<UserInfoResponse>,
): UserInfoResponse | null {
  return selectData(snapshot);
}
