/**
 * Sections revealed together (signup.md §2: "each scrolling into view when revealed"): the
 * sections that mount within a moment of each other are one reveal. The page scrolls to the
 * first of them that asks for input (not to the last one mounted, which left the others above
 * the screen), and a polite live region names every one of them, in page order, for screen
 * readers.
 */
import { VisuallyHidden } from '@mantine/core';
import { createContext, useCallback, useContext, useEffect, useRef, useState } from 'react';
import type { ReactNode, RefObject } from 'react';
import { sectionsRevealedAnnouncement } from '#shared/messages';

/** Sections mounting within this long of each other were revealed together. */
const REVEAL_BATCH_MS = 60;
/** A section whose code loads later (a lazy chunk on a busy machine) still joins the reveal that
 * began this long before it, if the visitor did nothing in between: it is announced with the
 * others and does not scroll the page away from the first one. */
const REVEAL_GROUP_MS = 1500;
/** What the visitor does that can reveal sections: a reveal after one of these is a new one. */
const INPUT_EVENTS = ['pointerdown', 'keydown', 'input', 'change'] as const;

export interface RevealedSection {
  element: HTMLElement;
  title: string;
  /** Scrolled to when it is the first revealed (an order summary only informs). */
  asksForInput: boolean;
}

type Reveal = (section: RevealedSection) => void;

const RevealContext = createContext<Reveal | null>(null);

function inPageOrder(a: RevealedSection, b: RevealedSection): number {
  return a.element.compareDocumentPosition(b.element) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1;
}

function scrollToSection(element: HTMLElement) {
  if (!element.scrollIntoView) return;
  const reduced = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
  element.scrollIntoView({ behavior: reduced ? 'auto' : 'smooth', block: 'start' });
}

export function RevealAnnouncer({ children }: { children: ReactNode }) {
  const [announcement, setAnnouncement] = useState('');
  const batch = useRef<RevealedSection[]>([]);
  const timer = useRef<number | undefined>(undefined);
  /** Inputs of the visitor so far. */
  const inputs = useRef(0);
  /** The last reveal: when it was announced, after how many inputs, what it scrolled to. */
  const last = useRef<{
    at: number;
    inputs: number;
    sections: RevealedSection[];
    target?: Element;
  }>({ at: -Infinity, inputs: -1, sections: [] });
  useEffect(() => {
    const count = () => {
      inputs.current += 1;
    };
    for (const type of INPUT_EVENTS) document.addEventListener(type, count, true);
    return () => {
      window.clearTimeout(timer.current);
      for (const type of INPUT_EVENTS) document.removeEventListener(type, count, true);
    };
  }, []);

  const reveal = useCallback<Reveal>((section) => {
    batch.current.push(section);
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => {
      const now = Date.now();
      const previous = last.current;
      const continues = previous.inputs === inputs.current && now - previous.at <= REVEAL_GROUP_MS;
      const revealed = [...(continues ? previous.sections : []), ...batch.current]
        .filter((s) => s.element.isConnected)
        .sort(inPageOrder);
      batch.current = [];
      if (revealed.length === 0) return;
      const target = (revealed.find((s) => s.asksForInput) ?? revealed[0]).element;
      if (!continues || target !== previous.target) scrollToSection(target);
      last.current = { at: now, inputs: inputs.current, sections: revealed, target };
      setAnnouncement(sectionsRevealedAnnouncement(revealed.map((s) => s.title)));
    }, REVEAL_BATCH_MS);
  }, []);

  return (
    <RevealContext.Provider value={reveal}>
      {children}
      <VisuallyHidden
        role="status"
        aria-live="polite"
        aria-atomic="true"
        data-testid="sections-announcer"
      >
        {announcement}
      </VisuallyHidden>
    </RevealContext.Provider>
  );
}

/** A section tells the page it was revealed (once, when it mounts). */
export function useRevealed(
  element: RefObject<HTMLElement | null>,
  title: string,
  options: { enabled: boolean; asksForInput: boolean },
) {
  const reveal = useContext(RevealContext);
  const { enabled, asksForInput } = options;
  useEffect(() => {
    if (!enabled || !element.current) return;
    if (reveal) reveal({ element: element.current, title, asksForInput });
    else scrollToSection(element.current);
    // Once, when the section mounts: a later change of its title is no new reveal.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [enabled, reveal]);
}
