// @vitest-environment jsdom
/**
 * The session's code did not arrive (src/web/app/actors.ts): every page in the shell waits on
 * `whenSession` with React's `use`, which asks again at each render for a new promise. A failed
 * load stays failed, the same promise each time, until Try again (`retrySession`) asks again.
 */
import { describe, expect, it } from 'vitest';
import { createAppActors } from '../../src/web/app/actors.ts';

let arrives = false;
const loadSessionCode = () =>
  arrives
    ? import('../../src/web/features/session/session-actors.ts')
    : Promise.reject(new TypeError('Failed to fetch dynamically imported module'));

describe('the session’s actors when their code does not arrive', () => {
  it('keep the failed load until Try again, which asks again', async () => {
    const actors = createAppActors(undefined, loadSessionCode);
    const failed = actors.whenSession();
    await expect(failed).rejects.toThrow('Failed to fetch dynamically imported module');
    expect(actors.whenSession()).toBe(failed);
    expect(() => actors.session).toThrow('The session actors were used before they loaded');

    arrives = true;
    expect(actors.whenSession()).toBe(failed);
    actors.retrySession();
    const loaded = await actors.whenSession();
    expect(actors.session).toBe(loaded.session);
    // Once loaded, Try again keeps what runs.
    actors.retrySession();
    await expect(actors.whenSession()).resolves.toBe(loaded);
  });
});
