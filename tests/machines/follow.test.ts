/**
 * A machine keeps up with data another actor holds by invoking `follow` (machines/follow.ts), not
 * through a view's effect. The server editor (portal.md §2 "Server editor"; docs/servers.md
 * "Editor"): the server fetched again shows in the inputs, unless the customer is changing them.
 * The second factor's code box (docs/session.md "Second factor"): a refused code empties it.
 */
import { createActor, fromPromise } from 'xstate';
import { describe, expect, it } from 'vitest';
import type { ServerRecord } from '../../src/shared/servers/rules.ts';
import type { LoginResult } from '../../src/shared/session/types.ts';
import * as v from 'valibot';
import { SECOND_FACTOR_MESSAGES } from '../../src/shared/session/second-factor-messages.ts';
import { following } from '../../machines/follow.ts';
import { formMachine } from '../../machines/forms/form.machine.ts';
import { selectText } from '../../machines/forms/form.selectors.ts';
import { codeStepMachine } from '../../machines/session/second-factor-code.machine.ts';
import type { VerifyInput } from '../../machines/session/second-factor-steps.ts';
import { selectStepError } from '../../machines/session/second-factor.selectors.ts';
import { managedServerLoader } from '../../machines/managed/server.selectors.ts';
import { editorMachine } from '../../machines/servers/editor.machine.ts';
import { selectEditorValues } from '../../machines/servers/editor.selectors.ts';
import { selectData } from '../../machines/session/loader.selectors.ts';

const server = (cpus: number): ServerRecord => ({
  iid: 7,
  name: 'web',
  power: 'running',
  time_since_shutdown_issued: null,
  cpus,
  mem: 4096,
  mem_gb: 4,
  disk: 40,
  managed: false,
  monthly_cost: 0,
  last_error: null,
});

/** A server loaded by a loader whose loads wait for `answers[n]`, and an editor following it. */
function editorFollowingALoader() {
  const answers: ((value: ServerRecord | null) => void)[] = [];
  const loader = createActor(
    managedServerLoader.provide({
      actors: { load: fromPromise(() => new Promise<ServerRecord | null>((r) => answers.push(r))) },
    }),
  ).start();
  const sent: unknown[] = [];
  const editor = createActor(
    editorMachine.provide({
      actors: {
        follow: following(
          [loader],
          ([snapshot]) => selectData(snapshot),
          (loaded) => {
            sent.push(loaded);
            return { type: 'server.loaded', server: loaded };
          },
        ),
      },
    }),
    { input: { server: server(1) } },
  ).start();
  return { loader, editor, answers, sent };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('following another actor', () => {
  it('shows the server each time it is fetched again, and only then', async () => {
    const { loader, editor, answers, sent } = editorFollowingALoader();
    expect(selectEditorValues(editor.getSnapshot()).cpus).toBe(1);

    answers[0](server(2));
    await settle();
    expect(selectEditorValues(editor.getSnapshot()).cpus).toBe(2);

    // A reload keeps the old server on screen: nothing new to show, nothing sent again.
    loader.send({ type: 'reload.requested' });
    await settle();
    expect(sent).toHaveLength(1);

    answers[1](server(4));
    await settle();
    expect(selectEditorValues(editor.getSnapshot()).cpus).toBe(4);
    expect(sent).toHaveLength(2);
  });

  it('stops following when the machine stops', async () => {
    const { editor, answers, sent } = editorFollowingALoader();
    editor.stop();
    answers[0](server(2));
    await settle();
    expect(sent).toEqual([]);
  });

  it('empties the code box when the code is refused, each time', async () => {
    const step = createActor(
      codeStepMachine.provide({
        actors: {
          verify: fromPromise<LoginResult, VerifyInput>(async () => {
            throw Object.assign(new Error(SECOND_FACTOR_MESSAGES.failed), { status: 401 });
          }),
        },
      }),
      {
        input: {
          mode: 'login',
          username: 'demo',
          password: 'correct horse',
          passkeyOffered: false,
        },
      },
    ).start();
    const box = createActor(
      formMachine.provide({
        actors: {
          follow: following(
            [step],
            ([snapshot]) => selectStepError(snapshot),
            () => ({ type: 'form.cleared' }),
          ),
        },
      }),
      { input: { fields: { code: v.string() } } },
    ).start();
    for (const code of ['123456', '654321']) {
      box.send({ type: 'field.changed', field: 'code', value: code });
      step.send({ type: 'code.submitted', code });
      await settle();
      expect(selectStepError(step.getSnapshot())).toBe(SECOND_FACTOR_MESSAGES.failed);
      expect(selectText(box.getSnapshot(), 'code')).toBe('');
    }
  });
});
