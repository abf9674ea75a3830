/**
 * Sections revealed together (signup.md §2: "each scrolling into view when revealed"): the
 * sections that mount within a moment of each other are one reveal. The page scrolls to the
 * first of them that asks for input (not to the last one mounted, which left the others above
 * the screen), and a polite live region names every one of them, in page order, for screen
 * readers.
 *
 * A section is due when the wizard reveals it ({@link LaterSection} mounts), which can be before its
 * code has loaded (a lazy chunk on a slow connection). The sections due together (within a
 * moment) are one reveal, whenever their code arrives: one arriving after others of its reveal
 * were shown joins them, announced with them, and does not scroll the page away from the first.
 * (When a reveal was shown does not matter: on a busy machine one can be shown after the next
 * was already due.) If the visitor has pressed or typed something
 * since it was due, it is late: announced, but the page does not scroll to it, which would pull
 * the screen away from what the visitor is doing (an open date picker, a field being typed in).
 */
import { Center, Loader, VisuallyHidden } from '@mantine/core';
import {
  createContext,
  Suspense,
  useCallback,
  useContext,
  useEffect,
  useRef,
  useState,
} from 'react';
import type { ReactNode, RefObject } from 'react';
import { sectionsRevealedAnnouncement } from '#shared/messages';

/** Sections mounting within this long of each other were revealed together. */
const REVEAL_BATCH_MS = 60;
/** What the visitor does first when acting, before any render it causes (a change event can
 * come after the render). */
const ACTION_EVENTS = ['pointerdown', 'keydown'] as const;

export interface RevealedSection {
  element: HTMLElement;
  title: string;
  /** Scrolled to when it is the first revealed (an order summary only informs). */
  asksForInput: boolean;
  /** When the wizard revealed it (its {@link LaterSection} mounted); now when it has none. */
  dueAt?: number;
}

interface Arrived extends RevealedSection {
  /** Due with the last reveal's sections: part of it. */
  joins: boolean;
  /** Due before the visitor's last press or key: not scrolled to. */
  late: boolean;
}

type Reveal = (section: RevealedSection) => void;

const RevealContext = createContext<Reveal | null>(null);
/** When the section inside was revealed by the wizard (see {@link LaterSection}). */
const DueContext = createContext<number | undefined>(undefined);

/**
 * A section whose code loads when the wizard reveals it: a loader until its code has come, and
 * due from the moment it mounts, so the section knows when it was revealed.
 */
export function LaterSection({ children }: { children: ReactNode }) {
  const [dueAt] = useState(() => performance.now());
  return (
    <DueContext.Provider value={dueAt}>
      <Suspense
        fallback={
          <Center py="lg">
            <Loader size="sm" role="status" aria-label="Loading the next section" />
          </Center>
        }
      >
        {children}
      </Suspense>
    </DueContext.Provider>
  );
}

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
  const batch = useRef<Arrived[]>([]);
  const timer = useRef<number | undefined>(undefined);
  /** When the visitor last pressed or typed something. */
  const lastActionAt = useRef(-Infinity);
  /** The last reveal: when its sections were due, its sections, what it scrolled to. */
  const last = useRef<{ due?: number; sections: Arrived[]; target?: Element }>({
    sections: [],
  });
  useEffect(() => {
    const acted = () => {
      lastActionAt.current = performance.now();
    };
    for (const type of ACTION_EVENTS) document.addEventListener(type, acted, true);
    return () => {
      window.clearTimeout(timer.current);
      for (const type of ACTION_EVENTS) document.removeEventListener(type, acted, true);
    };
  }, []);

  const reveal = useCallback<Reveal>((section) => {
    // A section without a due time (never undefined <= or < a number) is new and on time.
    const due = section.dueAt!;
    batch.current.push({
      ...section,
      joins: Math.abs(due - last.current.due!) <= REVEAL_BATCH_MS,
      late: due < lastActionAt.current,
    });
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => {
      const previous = last.current;
      const arrived = batch.current;
      batch.current = [];
      const continues = arrived.every((s) => s.joins);
      const revealed = [...(continues ? previous.sections : []), ...arrived]
        .filter((s) => s.element.isConnected)
        .sort(inPageOrder);
      if (revealed.length === 0) return;
      // Only sections that came on time are scrolled to; late ones are announced.
      const onTime = revealed.filter((s) => !s.late);
      const target = onTime.length
        ? (onTime.find((s) => s.asksForInput) ?? onTime[0]).element
        : previous.target;
      if (onTime.length && (!continues || target !== previous.target))
        scrollToSection(target as HTMLElement);
      last.current = {
        due: continues ? previous.due : arrived[0].dueAt,
        sections: revealed,
        target,
      };
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
  const dueAt = useContext(DueContext);
  const { enabled, asksForInput } = options;
  useEffect(() => {
    if (!enabled || !element.current) return;
    if (reveal) reveal({ element: element.current, title, asksForInput, dueAt });
    else scrollToSection(element.current);
    // Once, when the section mounts: a later change of its title is no new reveal.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [enabled, reveal]);
}
