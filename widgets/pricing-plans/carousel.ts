/** The plans carousel's behaviour (docs/widgets-api.md): a mouse drags the strip, and which cards are in view. */
import { useEffect, useRef, useState } from 'react';

/** Share of a card that must be visible for its dot to be current (docs/widgets-api.md). */
export const VISIBLE_THRESHOLD = 0.5;

/** A mouse drags the strip sideways; a drag is not a click on the card under it. */
export function useDragScroll(strip: React.RefObject<HTMLElement | null>) {
  const moved = useRef(false);
  useEffect(() => {
    const el = strip.current;
    if (!el) return;
    let start: { x: number; left: number; id: number } | null = null;
    const down = (event: PointerEvent) => {
      // Touch and pen scroll natively; only the mouse needs help.
      if (event.pointerType !== 'mouse' || event.button !== 0) return;
      start = { x: event.clientX, left: el.scrollLeft, id: event.pointerId };
      moved.current = false;
    };
    const move = (event: PointerEvent) => {
      if (!start) return;
      const dx = event.clientX - start.x;
      if (!moved.current && Math.abs(dx) < 5) return;
      if (!moved.current) {
        moved.current = true;
        try {
          el.setPointerCapture(start.id);
        } catch {
          // The pointer is already gone; the drag still works without capture.
        }
        el.classList.add('dragging');
      }
      el.scrollLeft = start.left - dx;
    };
    const up = () => {
      if (!start) return;
      start = null;
      if (!el.classList.contains('dragging')) return;
      // Snapping comes back on and settles on the nearest card.
      const left = el.scrollLeft;
      el.classList.remove('dragging');
      el.scrollLeft = left;
    };
    // A drag must not also press the Get Started button it ended on.
    const click = (event: MouseEvent) => {
      if (moved.current) {
        event.stopPropagation();
        event.preventDefault();
        moved.current = false;
      }
    };
    el.addEventListener('pointerdown', down);
    el.addEventListener('pointermove', move);
    el.addEventListener('pointerup', up);
    el.addEventListener('pointercancel', up);
    el.addEventListener('click', click, true);
    return () => {
      el.removeEventListener('pointerdown', down);
      el.removeEventListener('pointermove', move);
      el.removeEventListener('pointerup', up);
      el.removeEventListener('pointercancel', up);
      el.removeEventListener('click', click, true);
    };
  }, [strip]);
}

/** The cards at least half visible; the first of them is the one "in view" for the dots. */
export function useCardsInView(strip: React.RefObject<HTMLElement | null>) {
  const [visible, setVisible] = useState<number[]>([0]);
  useEffect(() => {
    const el = strip.current;
    if (!el) return;
    const shown = new Set<number>();
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          const index = Number((entry.target as HTMLElement).dataset.index);
          if (entry.isIntersecting) shown.add(index);
          else shown.delete(index);
        }
        if (shown.size) setVisible([...shown].sort((a, b) => a - b));
      },
      { root: el, threshold: VISIBLE_THRESHOLD },
    );
    for (const card of el.querySelectorAll('.plan')) observer.observe(card);
    return () => observer.disconnect();
  }, [strip]);
  return visible;
}
