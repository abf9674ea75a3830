/**
 * The second factor's code step (docs/session.md "Second factor") as the login page and the
 * password prompt run it: after a right password the session (login) and the token coordinator
 * (fresh re-authentication) ask for the code, send it with the kept password, show the server's
 * refusal, take a recovery code instead, set up the app a customer requires and show its recovery
 * codes once, lock the step out after too many wrong codes until the limit's window has passed,
 * and forget the password when the step ends or is cancelled.
 */
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import { describe, expect, it } from 'vitest';
import { RATE_LIMITS } from '../../src/shared/constants.ts';
import { ERROR_TITLES } from '../../src/shared/messages.ts';
import { SESSION_MESSAGES } from '../../src/shared/session/messages.ts';
import { SECOND_FACTOR_MESSAGES } from '../../src/shared/session/second-factor-messages.ts';
import type { TotpSetup } from '../../src/shared/session/second-factor.ts';
import type { LoginResult, LogoutResponse, SessionUser } from '../../src/shared/session/types.ts';
import {
  secondFactorWithCalls,
  type VerifyInput,
} from '../../machines/session/second-factor.machine.ts';
import { selectCodeStep } from '../../machines/session/second-factor.selectors.ts';
import { DEMO_USER, profile } from '../../machines/session/samples.ts';
import {
  selectLoginError,
  selectSecondFactorStep,
} from '../../machines/session/login.selectors.ts';
import { sessionWithCalls } from '../../machines/session/session.machine.ts';
import {
  selectLoginActor,
  selectSessionStatus,
  type SessionSnapshot,
} from '../../machines/session/session.selectors.ts';
import { tokensWithCalls } from '../../machines/session/tokens.machine.ts';
import { selectPasswordPrompt } from '../../machines/session/tokens.selectors.ts';

const failure = (status: number, title: string, message: string, body?: unknown) =>
  Object.assign(new Error(message), { status, title, body });

const SETUP: TotpSetup = {
  secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
  otpauth_url: 'otpauth://totp/Ridgeline%20Fiber:demo?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
  qr_code: 'data:image/svg+xml;base64,PHN2Zy8+',
};

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

/** The verify calls the step makes, each answered by the next scripted answer. */
function scripted(answers: (LoginResult | Error)[]) {
  const calls: VerifyInput[] = [];
  const verify = fromPromise<LoginResult, VerifyInput>(async ({ input }) => {
    calls.push(input);
    const next = answers.shift();
    if (!next || next instanceof Error) throw next ?? new Error('no answer');
    return next;
  });
  return { calls, step: secondFactorWithCalls({ verify }) };
}

function startSession(loginAnswer: Error, answers: (LoginResult | Error)[]) {
  const { calls, step } = scripted(answers);
  const navigation: string[] = [];
  const actor = createActor(
    sessionWithCalls({
      login: fromPromise<SessionUser, { username: string; password: string }>(async () => {
        throw loginAnswer;
      }),
      fetchProfile: fromPromise(async () => profile(DEMO_USER)),
      logout: fromPromise<LogoutResponse>(async () => {
        throw new Error('no logout');
      }),
      secondFactor: step,
    }).provide({
      actions: { 'go to page after login': (_, p) => navigation.push(`go to ${p.redirect}`) },
    }),
  ).start();
  actor.send({ type: 'page.opened', sessionCookie: false });
  actor.send({
    type: 'login.submitted',
    username: 'demo',
    password: 'correct horse',
    redirect: '/billing/',
  });
  return { actor, calls, navigation };
}

/** The login under way (the session's child while logged out). */
const loginOf = (actor: { getSnapshot(): SessionSnapshot }) =>
  selectLoginActor(actor.getSnapshot())?.getSnapshot();

const codeRequired = () =>
  failure(401, SESSION_MESSAGES.secondFactorRequiredTitle, SECOND_FACTOR_MESSAGES.required);

describe('the login’s second factor', () => {
  it('asks for the code after a right password, sends it with the password, and logs in', async () => {
    const { actor, calls, navigation } = startSession(codeRequired(), [
      failure(401, SESSION_MESSAGES.secondFactorFailedTitle, SECOND_FACTOR_MESSAGES.failed),
      DEMO_USER,
    ]);
    await settle();
    expect(loginOf(actor)?.matches('secondFactor')).toBe(true);
    // Not a failed login: the form shows no error, the code step shows.
    expect(selectLoginError(loginOf(actor))).toBeNull();
    const child = selectSecondFactorStep(loginOf(actor))!;
    expect(selectCodeStep(child.getSnapshot())).toMatchObject({ asks: 'app', error: null });

    // A code that is no code is refused at once, without a call.
    child.send({ type: 'code.submitted', code: '12345' });
    expect(calls).toEqual([]);
    expect(selectCodeStep(child.getSnapshot()).error).toBe(SECOND_FACTOR_MESSAGES.codeMalformed);

    child.send({ type: 'code.submitted', code: '123 456' });
    expect(selectCodeStep(child.getSnapshot()).checking).toBe(true);
    await settle();
    expect(calls).toEqual([
      { mode: 'login', username: 'demo', password: 'correct horse', otp: '123 456' },
    ]);
    expect(selectCodeStep(child.getSnapshot())).toMatchObject({
      asks: 'app',
      checking: false,
      error: SECOND_FACTOR_MESSAGES.failed,
    });

    child.send({ type: 'code.submitted', code: '654321' });
    await settle();
    await settle();
    expect(selectSessionStatus(actor.getSnapshot())).toBe('loggedIn');
    expect(navigation).toEqual(['go to /billing/']);
    // The password is not kept once logged in: the login that held it is over.
    expect(selectLoginActor(actor.getSnapshot())).toBeNull();
  });

  it('takes a recovery code instead, and a recovery code typed in the app’s box too', async () => {
    const { actor, calls } = startSession(codeRequired(), [DEMO_USER]);
    await settle();
    const child = selectSecondFactorStep(loginOf(actor))!;
    child.send({ type: 'recovery.chosen' });
    expect(selectCodeStep(child.getSnapshot()).asks).toBe('recovery');
    child.send({ type: 'app.chosen' });
    expect(selectCodeStep(child.getSnapshot()).asks).toBe('app');
    child.send({ type: 'code.submitted', code: 'abcde-fghij' });
    expect(selectCodeStep(child.getSnapshot())).toMatchObject({ asks: 'recovery', checking: true });
    await settle();
    await settle();
    expect(calls.map((c) => c.otp)).toEqual(['abcde-fghij']);
    expect(selectSessionStatus(actor.getSnapshot())).toBe('loggedIn');
  });

  it('goes back to the password when cancelled, and forgets it', async () => {
    const { actor } = startSession(codeRequired(), []);
    await settle();
    actor.send({ type: 'login.cancelled' });
    expect(loginOf(actor)?.matches('idle')).toBe(true);
    expect(loginOf(actor)?.context.pending).toBeNull();
    expect(selectSecondFactorStep(loginOf(actor))).toBeNull();
  });

  it('a wrong password is a failed login, never the code step', async () => {
    const { actor } = startSession(
      failure(401, SESSION_MESSAGES.loginFailedTitle, SESSION_MESSAGES.loginFailed),
      [],
    );
    await settle();
    expect(loginOf(actor)?.matches('idle')).toBe(true);
    expect(selectLoginError(loginOf(actor))?.message).toBe(SESSION_MESSAGES.loginFailed);
    expect(loginOf(actor)?.context.pending).toBeNull();
  });

  it('sets up the app the account requires, then shows the recovery codes once', async () => {
    const codes = Array.from({ length: 10 }, (_, i) => `AAAAA-BBBB${'CDEFGHIJKL'[i]}`);
    const { actor, calls } = startSession(
      failure(
        401,
        SESSION_MESSAGES.secondFactorSetupRequiredTitle,
        SECOND_FACTOR_MESSAGES.setupRequired,
        { setup: SETUP },
      ),
      [{ ...DEMO_USER, recovery_codes: codes }],
    );
    await settle();
    const child = selectSecondFactorStep(loginOf(actor))!;
    expect(selectCodeStep(child.getSnapshot())).toMatchObject({ asks: 'setup', setup: SETUP });
    // Setting up takes the app's code only.
    child.send({ type: 'code.submitted', code: 'ABCDE-FGHIJ' });
    expect(selectCodeStep(child.getSnapshot()).error).toBe(SECOND_FACTOR_MESSAGES.totpMalformed);
    child.send({ type: 'code.submitted', code: '123456' });
    await settle();
    expect(calls).toHaveLength(1);
    expect(selectCodeStep(child.getSnapshot())).toMatchObject({
      asks: 'recovery codes',
      recoveryCodes: codes,
    });
    expect(selectSessionStatus(actor.getSnapshot())).toBe('loggedOut');
    child.send({ type: 'codes.saved' });
    await settle();
    await settle();
    expect(selectSessionStatus(actor.getSnapshot())).toBe('loggedIn');
  });

  it('locks the step out after too many wrong codes until the limit’s window has passed', async () => {
    const clock = new SimulatedClock();
    const { step, calls } = scripted([
      failure(429, 'Too many requests', SECOND_FACTOR_MESSAGES.tooManyCodes),
    ]);
    const actor = createActor(step, {
      clock,
      input: { mode: 'login', username: 'demo', password: 'pw', setup: null },
    }).start();
    actor.send({ type: 'code.submitted', code: '111111' });
    await settle();
    expect(selectCodeStep(actor.getSnapshot())).toMatchObject({
      asks: 'locked out',
      error: SECOND_FACTOR_MESSAGES.tooManyCodes,
    });
    actor.send({ type: 'code.submitted', code: '222222' });
    expect(calls).toHaveLength(1);
    clock.increment(RATE_LIMITS.secondFactorPerUser.windowSeconds * 1000 - 1);
    expect(selectCodeStep(actor.getSnapshot()).asks).toBe('locked out');
    clock.increment(1);
    expect(selectCodeStep(actor.getSnapshot())).toMatchObject({ asks: 'app', error: null });
  });
});

describe('a fresh re-authentication with the second factor on', () => {
  it('asks for the code after the password, then retries the request', async () => {
    const { calls, step } = scripted([DEMO_USER]);
    const reported: string[] = [];
    const actor = createActor(
      tokensWithCalls({
        refreshToken: fromPromise(async () => DEMO_USER),
        reauthenticate: fromPromise<SessionUser, { username: string; password: string }>(
          async () => {
            throw codeRequired();
          },
        ),
        secondFactor: step,
      }).provide({ actions: { 'report user': (_, { user }) => reported.push(user.username) } }),
    ).start();
    const released: string[][] = [];
    actor.on('requests.released', (e) => released.push(e.requestIds));
    actor.send({ type: 'user.changed', username: 'demo' });
    actor.send({
      type: 'request.refused',
      requestId: 'pay',
      title: ERROR_TITLES.freshTokenRequired,
    });
    actor.send({ type: 'password.entered', password: 'right' });
    await settle();
    const prompt = selectPasswordPrompt(actor.getSnapshot())!;
    expect(prompt.error).toBeNull();
    expect(prompt.secondFactor).not.toBeNull();
    prompt.secondFactor!.send({ type: 'code.submitted', code: '123456' });
    await settle();
    await settle();
    expect(calls).toEqual([{ mode: 'reauth', username: 'demo', password: 'right', otp: '123456' }]);
    expect(released).toEqual([['pay']]);
    expect(reported).toEqual(['demo']);
    expect(selectPasswordPrompt(actor.getSnapshot())).toBeNull();
    // The window, and the password it kept, are gone.
    expect(actor.getSnapshot().children.passwordPrompt).toBeUndefined();
  });

  it('cancelling the code step cancels the request and forgets the password', async () => {
    const { step } = scripted([]);
    const actor = createActor(
      tokensWithCalls({
        reauthenticate: fromPromise<SessionUser, { username: string; password: string }>(
          async () => {
            throw codeRequired();
          },
        ),
        secondFactor: step,
      }),
    ).start();
    const failed: string[][] = [];
    actor.on('requests.failed', (e) => failed.push(e.requestIds));
    actor.send({ type: 'user.changed', username: 'demo' });
    actor.send({
      type: 'request.refused',
      requestId: 'pay',
      title: ERROR_TITLES.freshTokenRequired,
    });
    actor.send({ type: 'password.entered', password: 'right' });
    await settle();
    actor.send({ type: 'password.cancelled' });
    expect(failed).toEqual([['pay']]);
    expect(actor.getSnapshot().matches('idle')).toBe(true);
    // The window, and the password it kept, are gone.
    expect(actor.getSnapshot().children.passwordPrompt).toBeUndefined();
  });
});
