// @vitest-environment jsdom
/**
 * Sections revealed on the signup page (signup.md §2: "each scrolling into view when revealed").
 * A section's code can arrive after it was revealed; if the visitor pressed or typed something in
 * between, scrolling to it would pull the screen away from what they are doing (a browser path
 * once saw an open date picker scrolled away by a late section), so it is announced but not
 * scrolled to. A section that comes on time is scrolled to as before.
 */
import { MantineProvider } from '@mantine/core';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useRef, useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  RevealAnnouncer,
  LaterSection,
  useRevealed,
} from '../../src/web/features/signup/reveal.tsx';
import { stubBrowserForMantine } from '../support/jsdom-mantine.ts';

const scrolled: string[] = [];

beforeEach(() => {
  scrolled.length = 0;
  Element.prototype.scrollIntoView = function (this: Element) {
    scrolled.push(this.getAttribute('data-testid') ?? '');
  };
  stubBrowserForMantine();
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

function Section({ id }: { id: string }) {
  const ref = useRef<HTMLElement>(null);
  useRevealed(ref, id, { enabled: true, asksForInput: true });
  return <section ref={ref} data-testid={id} />;
}

/**
 * Sections the button reveals: "Customer" at once (when `withFirst`), "Voice" when its code
 * "arrives" (the second button).
 */
function Page({ withFirst = false }: { withFirst?: boolean }) {
  const [revealed, setRevealed] = useState(false);
  const [loaded, setLoaded] = useState(false);
  return (
    <MantineProvider>
      <RevealAnnouncer>
        <input aria-label="Date" />
        <button onClick={() => setRevealed(true)}>reveal</button>
        <button onClick={() => setLoaded(true)}>code arrives</button>
        {revealed && withFirst && (
          <LaterSection>
            <Section id="Customer" />
          </LaterSection>
        )}
        {revealed && <LaterSection>{loaded ? <Section id="Voice" /> : null}</LaterSection>}
      </RevealAnnouncer>
    </MantineProvider>
  );
}

function press(name: string) {
  // The code's arrival is no act of the visitor's: its state is set without a pointer or key.
  act(() => {
    fireEvent.click(screen.getByRole('button', { name }));
  });
}

function settle() {
  act(() => {
    vi.advanceTimersByTime(200);
  });
}

const announced = () => screen.getByTestId('sections-announcer').textContent;

/** Two reveals, each of one section whose code "arrives" by its own button. */
function TwoReveals() {
  const [revealed, setRevealed] = useState<string[]>([]);
  const [loaded, setLoaded] = useState<string[]>([]);
  return (
    <MantineProvider>
      <RevealAnnouncer>
        {['Customer', 'Voice'].map((id) => (
          <div key={id}>
            <button onClick={() => setRevealed((r) => [...r, id])}>reveal {id}</button>
            <button onClick={() => setLoaded((l) => [...l, id])}>{id} code arrives</button>
            {revealed.includes(id) && (
              <LaterSection>{loaded.includes(id) ? <Section id={id} /> : null}</LaterSection>
            )}
          </div>
        ))}
      </RevealAnnouncer>
    </MantineProvider>
  );
}

describe('a section revealed before its code arrived', () => {
  it('of a later reveal is a reveal of its own, even when the one before was shown after it was due', () => {
    render(<TwoReveals />);
    press('reveal Customer');
    settle();
    press('reveal Voice');
    press('Customer code arrives');
    settle();
    expect(scrolled).toEqual(['Customer']);
    press('Voice code arrives');
    settle();
    expect(scrolled).toEqual(['Customer', 'Voice']);
    expect(announced()).toBe('New section below: Voice.');
  });

  it('alone, is scrolled to when the visitor did nothing in the meantime', () => {
    render(<Page />);
    press('reveal');
    settle();
    expect(scrolled).toEqual([]);
    press('code arrives');
    settle();
    expect(scrolled).toEqual(['Voice']);
    expect(announced()).toBe('New section below: Voice.');
  });

  it('joins the reveal it was due in: announced with the others, the page stays on the first', () => {
    render(<Page withFirst />);
    press('reveal');
    settle();
    expect(scrolled).toEqual(['Customer']);
    expect(announced()).toBe('New section below: Customer.');
    press('code arrives');
    settle();
    expect(scrolled).toEqual(['Customer']);
    expect(announced()).toBe('New sections below: Customer, Voice.');
  });

  it('is announced but not scrolled to when the visitor pressed something meanwhile', () => {
    render(<Page />);
    press('reveal');
    settle();
    fireEvent.pointerDown(screen.getByRole('textbox', { name: 'Date' }));
    press('code arrives');
    settle();
    expect(scrolled).toEqual([]);
    expect(announced()).toBe('New section below: Voice.');
  });

  it('is not scrolled to after a key typed meanwhile, even with the first of its reveal', () => {
    render(<Page withFirst />);
    press('reveal');
    settle();
    fireEvent.keyDown(screen.getByRole('textbox', { name: 'Date' }), { key: 'a' });
    press('code arrives');
    settle();
    expect(scrolled).toEqual(['Customer']);
    expect(announced()).toBe('New sections below: Customer, Voice.');
  });

  it('is scrolled to when what the visitor did came before the reveal', () => {
    render(<Page />);
    fireEvent.keyDown(screen.getByRole('textbox', { name: 'Date' }), { key: 'a' });
    press('reveal');
    press('code arrives');
    settle();
    expect(scrolled).toEqual(['Voice']);
  });
});
