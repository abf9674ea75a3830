// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import * as v from 'valibot';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { FIELD_MESSAGES, suggestionsAnnouncement } from '../../src/shared/messages.ts';
import {
  DateOfBirthSchema,
  dateOfBirthFromDisplay,
  dateOfBirthSchema,
  dateOfBirthToDisplay,
} from '../../src/shared/schemas/person.ts';
import {
  AddressCombobox,
  type AddressComboboxProps,
} from '../../src/web/features/signup/sections/AddressCombobox.tsx';
import { signupParams } from '../../src/web/features/signup/params.ts';
import { mapsLink } from '../../src/web/features/signup/sections/DropPointMap.tsx';
import { stubBrowserForMantine } from '../support/jsdom-mantine.ts';

beforeAll(() => {
  stubBrowserForMantine();
});
afterEach(cleanup);

function renderCombobox(overrides: Partial<AddressComboboxProps> = {}) {
  const handlers = {
    onInput: vi.fn(),
    onFocus: vi.fn(),
    onBlur: vi.fn(),
    onNext: vi.fn(),
    onPrevious: vi.fn(),
    onPick: vi.fn(),
    onDismiss: vi.fn(),
    onChoose: vi.fn(),
  };
  const props: AddressComboboxProps = {
    label: 'Service address',
    value: '245 E',
    options: [
      { id: 1, label: '245 E Center St, Orem, UT 84057' },
      { id: 2, label: '245 E Main St, Lehi, UT 84043' },
    ],
    open: true,
    activeIndex: 1,
    announcement: suggestionsAnnouncement(2),
    ...handlers,
    ...overrides,
  };
  render(
    <MantineProvider>
      <AddressCombobox {...props} />
    </MantineProvider>,
  );
  return { handlers, box: screen.getByRole('combobox', { name: 'Service address' }) };
}

describe('address combobox', () => {
  it('follows the WAI-ARIA combobox pattern: expanded, controls, active option, live count', () => {
    const { box } = renderCombobox();
    expect(box.getAttribute('aria-expanded')).toBe('true');
    expect(box.getAttribute('aria-autocomplete')).toBe('list');
    const listbox = screen.getByRole('listbox');
    expect(box.getAttribute('aria-controls')).toBe(listbox.id);
    const options = screen.getAllByRole('option');
    expect(options).toHaveLength(2);
    expect(options[1].getAttribute('aria-selected')).toBe('true');
    expect(box.getAttribute('aria-activedescendant')).toBe(options[1].id);
    expect(screen.getByRole('status').textContent).toBe(suggestionsAnnouncement(2));
  });

  it('hands every key to its owner: arrows, Enter on an active option, Escape', () => {
    const { box, handlers } = renderCombobox();
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    fireEvent.keyDown(box, { key: 'ArrowUp' });
    fireEvent.keyDown(box, { key: 'Enter' });
    fireEvent.keyDown(box, { key: 'Escape' });
    expect(handlers.onNext).toHaveBeenCalledOnce();
    expect(handlers.onPrevious).toHaveBeenCalledOnce();
    expect(handlers.onPick).toHaveBeenCalledOnce();
    expect(handlers.onDismiss).toHaveBeenCalledOnce();
    fireEvent.click(screen.getAllByRole('option')[0]);
    expect(handlers.onChoose).toHaveBeenCalledWith(1);
    fireEvent.change(box, { target: { value: '245 E C' } });
    expect(handlers.onInput).toHaveBeenCalledWith('245 E C');
  });

  it('collapsed: no active option, Enter and Escape are left to the form', () => {
    const { box, handlers } = renderCombobox({ open: false, activeIndex: -1 });
    expect(box.getAttribute('aria-expanded')).toBe('false');
    expect(box.getAttribute('aria-activedescendant')).toBeNull();
    expect(screen.queryAllByRole('option')).toHaveLength(0);
    // fireEvent answers false when the key was kept from the page.
    expect(fireEvent.keyDown(box, { key: 'Enter' })).toBe(true);
    expect(fireEvent.keyDown(box, { key: 'Escape' })).toBe(true);
    expect(handlers.onPick).not.toHaveBeenCalled();
    // The owner still hears Escape: suggestions that arrive after it stay closed.
    expect(handlers.onDismiss).toHaveBeenCalledOnce();
  });
});

describe('date of birth', () => {
  const check = (held: string) => {
    const result = v.safeParse(
      dateOfBirthSchema(() => '2026-06-15'),
      held,
    );
    return result.success ? undefined : result.issues[0].message;
  };

  it('is shown MM/DD/YYYY and held YYYY-MM-DD', () => {
    expect(dateOfBirthFromDisplay('04/12/1985')).toBe('1985-04-12');
    expect(dateOfBirthToDisplay('1985-04-12')).toBe('04/12/1985');
    expect(dateOfBirthFromDisplay('04/12/19')).toBe('04/12/19');
  });

  it('must be a real day, a four-digit year, not before 1900, in the past', () => {
    expect(check('1985-04-12')).toBeUndefined();
    expect(check('1900-01-01')).toBeUndefined();
    for (const bad of [
      '1985-02-30',
      '1985-13-01',
      '1899-12-31',
      '2026-06-15',
      '2030-01-01',
      '85-04-12',
      '',
    ])
      expect(check(bad), bad).toBe(FIELD_MESSAGES.dateOfBirth);
    expect(v.safeParse(DateOfBirthSchema, '2000-02-29').success).toBe(true);
  });
});

describe('signup route parameters', () => {
  it('takes components from the path or the query, and displayInline only when "true"', () => {
    expect(signupParams('voice,Router', {})).toEqual({
      components: ['voice', 'router'],
      signupHash: null,
      displayInline: false,
    });
    expect(
      signupParams(undefined, {
        components: 'voice, ,voice',
        signupHash: 'abc123',
        displayInline: true,
        showFormData: true,
      }),
    ).toEqual({ components: ['voice'], signupHash: 'abc123', displayInline: true });
    expect(signupParams(undefined, { displayInline: 'yes' }).displayInline).toBe(false);
    expect(signupParams(undefined, { displayInline: 'true' }).displayInline).toBe(true);
  });
});

describe('drop-point map', () => {
  it('links a maps site at zoom 20', () => {
    expect(mapsLink(40.39, -111.85)).toBe(
      'https://www.openstreetmap.org/?mlat=40.39&mlon=-111.85#map=20/40.39/-111.85',
    );
  });
});
