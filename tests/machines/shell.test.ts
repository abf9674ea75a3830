import { createActor } from 'xstate';
import { describe, expect, it, vi } from 'vitest';
import { notificationsMachine } from '../../machines/shell/notifications.machine.ts';
import { themeMachine } from '../../machines/shell/theme.machine.ts';
import { selectColorScheme } from '../../machines/shell/theme.selectors.ts';

describe('theme machine', () => {
  function start(saved: 'dark' | 'light' | null, system: 'dark' | 'light' | null) {
    const stored = vi.fn();
    const actor = createActor(
      themeMachine.provide({
        actions: { 'store preference': (_, params) => stored(params.scheme) },
      }),
      { input: { saved, system } },
    ).start();
    return { actor, stored, scheme: () => selectColorScheme(actor.getSnapshot()) };
  }

  it('uses the saved preference, else the system one, else light', () => {
    expect(start('light', 'dark').scheme()).toBe('light');
    expect(start(null, 'dark').scheme()).toBe('dark');
    expect(start(null, null).scheme()).toBe('light');
  });

  it('stores the choice the user makes', () => {
    const { actor, stored, scheme } = start(null, null);
    actor.send({ type: 'theme.chosen', scheme: 'dark' });
    expect(scheme()).toBe('dark');
    expect(stored).toHaveBeenLastCalledWith('dark');
    actor.send({ type: 'theme.chosen', scheme: 'light' });
    expect(scheme()).toBe('light');
    expect(stored).toHaveBeenLastCalledWith('light');
  });

  it('follows the system while nothing is saved', () => {
    const { actor, scheme } = start(null, null);
    actor.send({ type: 'system.changed', scheme: 'dark' });
    expect(scheme()).toBe('dark');
  });

  it('forces light on signup and restores the previous scheme afterwards', () => {
    const { actor, stored, scheme } = start('dark', null);
    actor.send({ type: 'signup.entered' });
    expect(scheme()).toBe('light');
    actor.send({ type: 'theme.chosen', scheme: 'dark' });
    expect(scheme()).toBe('light');
    expect(stored).not.toHaveBeenCalled();
    actor.send({ type: 'signup.left' });
    expect(scheme()).toBe('dark');
  });
});

describe('notifications machine', () => {
  it('adds banners with a type derived from the result and dismisses them', () => {
    const actor = createActor(notificationsMachine).start();
    actor.send({ type: 'notification.raised', message: 'Saved', result: { status: 200 } });
    actor.send({
      type: 'notification.raised',
      message: ['Zip is wrong', 'City is wrong'],
      result: { status: 422 },
    });
    actor.send({ type: 'notification.raised', message: 'Heads up' });
    const items = actor.getSnapshot().context.items;
    expect(items.map((i) => i.type)).toEqual(['success', 'danger', 'info']);
    expect(actor.getSnapshot().value).toBe('showing');
    for (const item of items) actor.send({ type: 'notification.dismissed', id: item.id });
    expect(actor.getSnapshot().value).toBe('empty');
    expect(actor.getSnapshot().context.items).toEqual([]);
  });

  it('ignores empty messages and unknown ids', () => {
    const actor = createActor(notificationsMachine).start();
    actor.send({ type: 'notification.raised', message: '  ' });
    actor.send({ type: 'notification.raised', message: [] });
    expect(actor.getSnapshot().value).toBe('empty');
    actor.send({ type: 'notification.raised', message: 'x', notificationType: 'warning' });
    actor.send({ type: 'notification.dismissed', id: 999 });
    expect(actor.getSnapshot().context.items).toHaveLength(1);
    expect(actor.getSnapshot().context.items[0].type).toBe('warning');
    actor.send({ type: 'notifications.cleared' });
    expect(actor.getSnapshot().value).toBe('empty');
  });
});

describe('notifications machine: repeated notifications', () => {
  it('shows a notification identical to one already shown only once, and again once dismissed', () => {
    const actor = createActor(notificationsMachine).start();
    const denied = 'You do not have permission to view this';
    actor.send({ type: 'notification.raised', message: denied, notificationType: 'danger' });
    actor.send({ type: 'notification.raised', message: denied, notificationType: 'danger' });
    actor.send({ type: 'notification.raised', message: [denied], notificationType: 'danger' });
    expect(actor.getSnapshot().context.items.map((i) => i.message)).toEqual([denied]);
    // Another type, another place (the modal list) or another message is another notification.
    actor.send({ type: 'notification.raised', message: denied, notificationType: 'warning' });
    actor.send({
      type: 'notification.raised',
      message: denied,
      notificationType: 'danger',
      modal: true,
    });
    actor.send({ type: 'notification.raised', message: ['A', 'B'], result: { status: 422 } });
    actor.send({ type: 'notification.raised', message: ['A', 'B'], result: { status: 422 } });
    expect(actor.getSnapshot().context.items).toHaveLength(4);
    const first = actor.getSnapshot().context.items[0];
    actor.send({ type: 'notification.dismissed', id: first.id });
    actor.send({ type: 'notification.raised', message: denied, notificationType: 'danger' });
    expect(actor.getSnapshot().context.items).toHaveLength(4);
    expect(actor.getSnapshot().context.items.at(-1)?.message).toBe(denied);
  });
});
