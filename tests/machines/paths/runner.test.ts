/**
 * Tests of the path runner and coverage themselves, on a fixture machine with an invoked actor,
 * a named delay, an eventless choice, parallel and final states: a path test must fail when the
 * machine or an assertion is wrong, and coverage must notice what no path reaches. Then the
 * registered machines with planted defects (a wrong target, an off-by-one limit, a wrong delay,
 * a forgotten answer…): each must fail its generated paths, because every step is checked
 * against what the registration declares the specification expects (docs/testing.md).
 */
import { assign, createMachine, emit, enqueueActions, type AnyStateMachine } from 'xstate';
import { describe, expect, it } from 'vitest';
import { USERNAME_MAX_LENGTH } from '#shared/constants';
import { usernameError } from '#shared/schemas/username';
import { ERROR_MESSAGES } from '#shared/messages';
import {
  defineMachine,
  expectThat,
  sample,
  type EventSample,
  type RegisteredMachine,
} from '../../../machines/registry.ts';
import {
  selectCustomerDetails,
  selectResidentialValid,
  type ResidentialDetailsSnapshot,
} from '../../../machines/signup/residential-details.selectors.ts';
import { servicesMachine } from '../../../machines/signup/services.machine.ts';
import { servicesModel } from '../../../machines/signup/services.model.ts';
import { signupMachine } from '../../../machines/signup/signup.machine.ts';
import { signupModel } from '../../../machines/signup/signup.model.ts';
import { usernameMachine } from '../../../machines/signup/username.machine.ts';
import { usernameModel } from '../../../machines/signup/username.model.ts';
import { powerMachine } from '../../../machines/servers/power.machine.ts';
import { serverPowerModel } from '../../../machines/servers/power.model.ts';
import { noticesBannerMachine } from '../../../machines/notices/banner.machine.ts';
import { noticesBannerModel } from '../../../machines/notices/banner.model.ts';
import { themeMachine } from '../../../machines/shell/theme.machine.ts';
import { themeModel } from '../../../machines/shell/theme.model.ts';
import { tokensMachine } from '../../../machines/session/tokens.machine.ts';
import { tokensModel } from '../../../machines/session/tokens.model.ts';
import { billingPageMachine } from '../../../machines/billing/billing-page.machine.ts';
import { billingPageModel } from '../../../machines/billing/billing-page.model.ts';
import { coverageOf, isComplete, percent } from './coverage.ts';
import { lookupEntry, lookupEntryConfig, lookupMachine } from './fixture.ts';
import { describePath, planPaths, type MachinePlan } from './plan.ts';
import { emptyVisited, runAll, runPath } from './run.ts';

/** The failure messages of every path of a plan (empty when all pass). */
async function failuresOf(plan: MachinePlan): Promise<string[]> {
  const failures: string[] = [];
  for (const path of plan.paths) {
    try {
      await runPath(plan, path);
    } catch (error) {
      failures.push((error as Error).message);
    }
  }
  return failures;
}

const declared = lookupEntryConfig.expect;

describe('path runner', () => {
  const plan = planPaths(lookupEntry);

  it('walks timers, finished and failed actors and eventless choices to full coverage', async () => {
    const report = coverageOf(lookupEntry, plan.model, await runAll(plan));
    expect(report.problems).toEqual([]);
    expect(report.states).toMatchObject({ covered: 14, total: 14, missing: [] });
    expect(report.transitions).toMatchObject({ covered: 12, total: 12, missing: [] });
    expect(isComplete(report)).toBe(true);
    expect(percent(report.transitions)).toBe('100%');
  });

  it('names paths in words', () => {
    const titles = plan.paths.map((p) => p.title);
    expect(titles).toContain(
      'an address typed → a pause in typing → two matches → choose a match ⇒ finished (typed: true, matches: 2)',
    );
    expect(new Set(titles).size).toBe(titles.length);
    expect(describePath([])).toBe('start');
  });

  it('fails a path when a state assertion does not hold', async () => {
    const broken = defineMachine({
      ...lookupEntryConfig,
      states: {
        ...lookupEntryConfig.states,
        'form.search.results': (s) => expectThat(s.context.matches.length > 5, 'six matches'),
      },
    });
    const brokenPlan = planPaths(broken);
    const path = brokenPlan.paths.find((p) => p.title.includes('two matches'));
    expect(path).toBeDefined();
    await expect(runPath(brokenPlan, path!)).rejects.toThrow(
      /after step 3 "two matches" .* in state "form.search.results": six matches/,
    );
  });

  it('fails a path when the running machine does not go where the declaration says', async () => {
    // The fakes replace a guard at run time only: traversal still follows the real definition.
    const broken = defineMachine({
      ...lookupEntryConfig,
      fakes: { guards: { 'has matches': () => false } },
    });
    const brokenPlan = planPaths(broken);
    const path = brokenPlan.paths.find((p) => p.title.includes('two matches'))!;
    await expect(runPath(brokenPlan, path)).rejects.toThrow(
      /"form.search.fetching" › "two matches" ⇒ form.search.results .*, but the machine is in form.help.hidden \+ form.search.nothing/,
    );
  });

  it('fails when the machine agrees with itself but not with the declaration', async () => {
    // The machine itself is changed, so traversal and run agree: only the declaration can tell.
    const wrongTarget = lookupMachine.provide({ guards: { 'has matches': () => false } });
    const broken = defineMachine({ ...lookupEntryConfig, machine: wrongTarget });
    const brokenPlan = planPaths(broken);
    const failures = await failuresOf(brokenPlan);
    expect(failures.join('\n')).toMatch(
      /"form.search.fetching" › "two matches" ⇒ form.search.results .*, but the machine is in .*form.search.nothing/,
    );
  });

  it('fails a step that is not declared, and a transition no declaration names', async () => {
    const { 'form.search.failed': _dropped, ...on } = declared.on;
    const undeclared = defineMachine({
      ...lookupEntryConfig,
      expect: { ...declared, on },
    });
    const failures = await failuresOf(planPaths(undeclared));
    expect(failures.join('\n')).toMatch(/"retry" is not declared for any of the states/);

    // Declared as ignored in the help, but the help toggles.
    const wrongIgnore = defineMachine({
      ...lookupEntryConfig,
      expect: {
        ...declared,
        on: { ...declared.on, 'form.help.hidden': { 'toggle help': 'ignored' } },
      },
    });
    const ignored = await failuresOf(planPaths(wrongIgnore));
    expect(ignored.join('\n')).toMatch(
      /declared "form.help.hidden" › "toggle help" ⇒ ignored, but the machine took a transition of "form.help.hidden"/,
    );
  });

  it('fails a declared change that does not happen, and a wrong value afterwards', async () => {
    const typingIgnored = defineMachine({
      ...lookupEntryConfig,
      expect: {
        ...declared,
        on: {
          ...declared.on,
          'form.search.idle': {
            'two letters typed': 'form.search.typing',
            'an address typed': 'form.search.typing',
          },
          'form.search.fetching': {
            ...declared.on['form.search.fetching'],
            'two matches': { to: 'form.search.results', with: { matches: 3 } },
          },
        },
      },
    });
    const failures = (await failuresOf(planPaths(typingIgnored))).join('\n');
    expect(failures).toMatch(
      /"form.search.idle" › "two letters typed" ⇒ form.search.typing, but the machine is in form.search.idle/,
    );
    expect(failures).toMatch(
      /"two matches" ⇒ form.search.results with \{"matches":3\}, but matches is 2/,
    );
  });

  it('fails a timer with another delay, an undeclared timer and a missing one', async () => {
    const fast = defineMachine({
      ...lookupEntryConfig,
      machine: lookupMachine.provide({ delays: { debounce: 500 } }),
    });
    expect((await failuresOf(planPaths(fast))).join('\n')).toMatch(
      /"form.search.typing" started the timer debounce with 500 ms, declared 750 ms/,
    );
    const undeclared = defineMachine({
      ...lookupEntryConfig,
      expect: { ...declared, timers: {} },
    });
    expect((await failuresOf(planPaths(undeclared))).join('\n')).toMatch(
      /"form.search.typing" started the timer debounce \(750 ms\), which is not declared/,
    );
    const missing = defineMachine({
      ...lookupEntryConfig,
      expect: {
        ...declared,
        timers: { ...declared.timers, 'form.search.failed': { retryAfter: 1000 } },
      },
    });
    expect((await failuresOf(planPaths(missing))).join('\n')).toMatch(
      /"form.search.failed" was entered without starting the declared timer retryAfter \(1000 ms\)/,
    );
  });

  it('walks every declared row, ignored samples included, and counts the checks', async () => {
    const visited = emptyVisited();
    for (const path of plan.paths) await runPath(plan, path, { visited });
    const report = coverageOf(lookupEntry, plan.model, visited, plan.labels);
    expect(report.declared).toMatchObject({ rows: 13, checked: 13 });
    expect(report.declared.checks).toBeGreaterThan(13);
    expect(plan.paths.some((p) => p.reason === 'declared')).toBe(true);
  });

  it('reports what no path reaches, and accepts it only with a reason', async () => {
    const { 'form.search.failed': _retry, ...on } = declared.on;
    const withoutRetry = defineMachine({
      ...lookupEntryConfig,
      events: (lookupEntryConfig.events as readonly EventSample[]).filter(
        (s) => s.label !== 'retry',
      ),
      expect: { ...declared, on },
    } as typeof lookupEntryConfig);
    const partial = planPaths(withoutRetry);
    const report = coverageOf(withoutRetry, partial.model, await runAll(partial));
    expect(report.transitions.missing).toEqual([
      'form.search.failed › retry → form.search.fetching',
    ]);
    expect(isComplete(report)).toBe(false);
    expect(percent(report.transitions)).toBe('91.6%');

    const excused = defineMachine({
      ...(withoutRetry as unknown as typeof lookupEntryConfig),
      unreachable: [
        { transition: 'form.search.failed › retry → form.search.fetching', reason: 'no retry' },
      ],
    });
    const excusedReport = coverageOf(excused, partial.model, await runAll(partial));
    expect(excusedReport.transitions.missing).toEqual([]);
    expect(excusedReport.transitions.excused).toEqual([
      { id: 'form.search.failed › retry → form.search.fetching', reason: 'no retry' },
    ]);
    expect(isComplete(excusedReport)).toBe(true);
  });

  it('flags mistakes in an entry', async () => {
    const { 'form.search.nothing': _dropped, ...states } = lookupEntryConfig.states;
    const sloppy = defineMachine({
      ...lookupEntryConfig,
      states: { ...states, 'form.search.gone': () => {} },
      unreachable: [
        { state: 'form.help.shown', reason: 'it is reached, so this is wrong' },
        { transition: 'no such transition', reason: 'typo' },
      ],
      expect: {
        ...declared,
        on: {
          ...declared.on,
          'form.search.gone': { retry: 'form.search.idle' },
          'form.search.nothing': { 'type a name': 'form.search.typing' },
        },
        boundaries: [sample('type 49 letters', { type: 'type', text: 'x'.repeat(49) })],
      },
    });
    const report = coverageOf(sloppy, plan.model, await runAll(plan), plan.labels);
    expect(report.problems).toEqual([
      'unreachable transition "no such transition" does not exist',
      'state "form.help.shown" is listed unreachable but a path reached it',
      'transition "form.help.shown › toggle help → form.help.hidden" is listed unreachable but a path reached it',
      'an assertion names state "form.search.gone", which does not exist',
      'state "form.search.nothing" has no assertion (what must be true there?)',
      'the declaration names state "form.search.gone", which does not exist',
      'the declaration names the sample "type a name", which the walk never offers',
      'boundary sample "type 49 letters" has no declared outcome',
      'declared "form.search.gone › retry" was never checked by a path',
      'declared "form.search.nothing › type a name" was never checked by a path',
    ]);
    expect(isComplete(report)).toBe(false);
  });
});

/** A copy of a machine's config (functions kept), to plant a defect in one place. */
function copyConfig<T>(value: T): T {
  if (Array.isArray(value)) return value.map(copyConfig) as T;
  if (value && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype)
    return Object.fromEntries(Object.entries(value).map(([key, v]) => [key, copyConfig(v)])) as T;
  return value;
}

/** The machine rebuilt from an edited copy of its config, with its own implementations. */
function patched(machine: AnyStateMachine, edit: (config: MachineConfig) => void) {
  const config = copyConfig(machine.config) as MachineConfig;
  edit(config);
  return createMachine(config as never, machine.implementations as never);
}

type MachineConfig = {
  states: Record<string, MachineConfig & { on?: Record<string, unknown> }>;
};

/** The registration with the machine swapped for a defective one: plan and run both use it. */
async function failuresWith(entry: RegisteredMachine, machine: AnyStateMachine) {
  return (await failuresOf(planPaths(defineMachine({ ...entry, machine })))).join('\n');
}

describe('planted defects fail the generated paths of the registered machines', () => {
  it('the router opt-out going to the wrong state', async () => {
    const machine = patched(servicesMachine, (config) => {
      config.states.router.states['bundle offered'].on!['router.bundle.declined'] = 'no choice';
    });
    expect(await failuresWith(servicesModel, machine)).toMatch(
      /declared "router.bundle offered" › "opt out of the router" ⇒ router.own router, but the machine is in .*router.no choice/,
    );
  });

  it('the mesh quantity off by one at the stock limit', async () => {
    const machine = servicesMachine.provide({
      guards: {
        'an available number of extenders is chosen': ({ context, event }) =>
          event.type === 'mesh.chosen' &&
          event.quantity >= 1 &&
          event.quantity < context.offering.mesh_option.quantity_available,
      },
    });
    expect(await failuresWith(servicesModel, machine)).toMatch(
      /"router.xwi.mesh not chosen" › "3 extenders \(all in stock\)" ⇒ router.xwi.mesh leased with \{"mesh":3\}, but the machine is in .*router.xwi.mesh not chosen/,
    );
    const oneTooMany = servicesMachine.provide({
      guards: {
        'an available number of extenders is chosen': ({ context, event }) =>
          event.type === 'mesh.chosen' &&
          event.quantity >= 1 &&
          event.quantity <= context.offering.mesh_option.quantity_available + 1,
      },
    });
    expect(await failuresWith(servicesModel, oneTooMany)).toMatch(
      /"4 extenders \(one more than in stock\)" ⇒ ignored, but the machine took a transition of "router.xwi/,
    );
  });

  it('the username pause of 250 ms instead of 300', async () => {
    const machine = usernameMachine.provide({ delays: { usernameCheckDebounce: 250 } });
    expect(await failuresWith(usernameModel, machine)).toMatch(
      /"typing" started the timer usernameCheckDebounce with 250 ms, declared 300 ms/,
    );
  });

  it('the installation fee waiver ignoring the tribal answer', async () => {
    const machine = signupMachine.provide({
      actions: {
        'remember residential details': assign({
          connectivity: ({ context, event }) => {
            const snapshot = (event as unknown as { snapshot: ResidentialDetailsSnapshot })
              .snapshot;
            return {
              ...context.connectivity,
              valid: selectResidentialValid(snapshot),
              customer_details: { ...selectCustomerDetails(snapshot), is_tribal: null },
            };
          },
        }),
      },
    });
    expect(await failuresWith(signupModel, machine)).toMatch(
      /"an owner says they are a tribal member" ⇒ stays with \{"tribalMember":true,"feeWaived":true\}, but tribalMember is false\n.*but feeWaived is false/,
    );
  });

  it('a 49-character username let through to the server (own)', async () => {
    const machine = usernameMachine.provide({
      guards: {
        'the username breaks a rule': ({ context }) =>
          usernameError(context.uid) !== undefined && context.uid.length <= USERNAME_MAX_LENGTH,
      },
    });
    expect(await failuresWith(usernameModel, machine)).toMatch(
      /"typing" › "typing pauses" ⇒ breaks a rule, but the machine is in checking\npath: type 49 characters/,
    );
  });

  it('choosing 10 Gbps keeping the old mesh choice (own)', async () => {
    const machine = servicesMachine.provide({ actions: { 'forget mesh': () => {} } });
    expect(await failuresWith(servicesModel, machine)).toMatch(
      /› "choose 10 Gbps" ⇒ router.bundle offered with \{"mesh":null\}, but mesh is [0-9]/,
    );
  });
  it('Stop sending the start action to the hypervisor (own)', async () => {
    // The state is right, the buttons are right: only what is sent is wrong.
    const machine = patched(powerMachine, (config) => {
      const busy = config.states.busy as unknown as {
        states: { sending: { invoke: { input: unknown } } };
      };
      busy.states.sending.invoke.input = ({ context }: { context: { iid: number } }) => ({
        iid: context.iid,
        action: 'start',
      });
    });
    expect(await failuresWith(serverPowerModel, machine)).toMatch(
      /the actor "send" was called with \{"iid":5001,"action":"start"\}, declared \{"iid":5001,"action":"stop"\}/,
    );
  });

  it('a refused power call showing the timeout instead of the server’s reason (own)', async () => {
    const machine = powerMachine.provide({
      actions: { 'store the failure': assign({ error: ERROR_MESSAGES.timeout }) },
    });
    expect(await failuresWith(serverPowerModel, machine)).toMatch(
      /"the call is refused" ⇒ failed with .*, but error is "Timed out when trying to contact server"/,
    );
  });
  it('waiting on another page’s action without polling (own)', async () => {
    const machine = patched(powerMachine, (config) => {
      delete (config.states.waiting as { invoke?: unknown }).invoke;
    });
    expect(await failuresWith(serverPowerModel, machine)).toMatch(
      /in state "waiting" the actor "poll" is declared running, and it is not/,
    );
  });
  it('the chosen scheme not kept for the next visit, or kept as the other one (own)', async () => {
    // The page turns dark either way: only what is stored for the next visit is wrong.
    type Chosen = { on: Record<string, { actions: unknown[] }> };
    const forgotten = patched(themeMachine, (config) => {
      const on = (config.states['following preference'] as unknown as Chosen).on;
      on['theme.chosen'].actions = on['theme.chosen'].actions.slice(0, 1);
    });
    expect(await failuresWith(themeModel, forgotten)).toMatch(
      /"choose dark" is declared to run "store preference", and the machine did not run it/,
    );
    const swapped = patched(themeMachine, (config) => {
      const on = (config.states['following preference'] as unknown as Chosen).on;
      on['theme.chosen'].actions[1] = {
        type: 'store preference',
        params: ({ event }: { event: { scheme: string } }) => ({
          scheme: event.scheme === 'dark' ? 'light' : 'dark',
        }),
      };
    });
    expect(await failuresWith(themeModel, swapped)).toMatch(
      /"choose dark" ran "store preference" with \{"scheme":"light"\}, declared \{"scheme":"dark"\}/,
    );
    const onTheSignupPage = patched(themeMachine, (config) => {
      (config.states['forced light'] as unknown as { entry: unknown }).entry = {
        type: 'store preference',
        params: { scheme: 'light' },
      };
    });
    expect(await failuresWith(themeModel, onTheSignupPage)).toMatch(
      /"open the signup page" ran "store preference" with \{"scheme":"light"\}, which no declaration of the states it was in names/,
    );
  });
  it('a first visit starting with a saved dark scheme (own)', async () => {
    // Every step after the start still does what its row says: only the start is wrong.
    const machine = patched(themeMachine, (config) => {
      (config as unknown as { context: unknown }).context = () => ({ saved: 'dark', system: null });
    });
    expect(await failuresWith(themeModel, machine)).toMatch(
      /at the start the machine breaks its declaration:\n {2}declared to start with saved null, but it is "dark"/,
    );
  });
  it('a correct password sending again only what waited for it, not what waited for the renewal (own)', async () => {
    // Every state and projection is still right: only what the machine tells the app is wrong,
    // and only when requests wait for both (no generated path passes there).
    const machine = tokensMachine.provide({
      actions: {
        'retry everything waiting': emit(({ context }) => ({
          type: 'requests.released' as const,
          requestIds: context.waitingForPassword,
        })),
      },
    });
    const { problems } = planPaths(defineMachine({ ...tokensModel, machine })).graph;
    expect(problems.join('\n')).toMatch(
      /"the window took the password" ran "requests.released" with \{"requestIds":\["change-password"\]\}, declared \{"requestIds":"the requests that waited for the renewal and the password"\}/,
    );
  });
  it('a saved billing address loading everything again but the payments table (own)', async () => {
    // Every state and projection is still right: only what the page tells one child is missing,
    // among the six messages of that step (each row's runs of a name must all happen).
    const machine = billingPageMachine.provide({
      actions: {
        'load everything again': enqueueActions(({ enqueue }) => {
          for (const loader of ['summary', 'accounts'] as const) {
            enqueue.sendTo(loader, { type: 'reload.requested' });
            enqueue.sendTo(loader, { type: 'retry.pressed' });
          }
          enqueue.sendTo('bills', { type: 'reload.requested' });
        }),
      },
    });
    expect(await failuresWith(billingPageModel, machine)).toMatch(
      /"the address is saved" ran "xstate.sendTo" with .*, declared \{"targetId":"payments","event":\{"type":"reload.requested"\}\}/,
    );
  });
  it('Acknowledge refused while two notices show, allowed with one (own)', async () => {
    // The guard holds for every notice instead of some: with one notice left it still works, so
    // every path passes; the judgement of every edge of the graph does not.
    const machine = noticesBannerMachine.provide({
      guards: {
        'the notice is shown': ({ context, event }) =>
          'id' in event && context.notices.every((n) => n.id === event.id),
      },
    });
    expect(await failuresWith(noticesBannerModel, machine)).toBe('');
    const { problems } = planPaths(defineMachine({ ...noticesBannerModel, machine })).graph;
    expect(problems).not.toEqual([]);
    expect(problems.join('\n')).toMatch(
      /in showing \{"count":2,.*"acknowledge the firm notice": declared "showing" › "acknowledge the firm notice" ⇒ acknowledging with \{"answering":1\}, but the machine is in showing/,
    );
  });
});
