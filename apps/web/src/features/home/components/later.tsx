import { type ReactNode, startTransition, useEffect, useRef, useState } from 'react';

/**
 * The home screen's parts below the fold (the cohorts' grid, the three charts, the promo funnel, the push
 * counts) are drawn after what is in view, one part per idle moment of the browser, or at once when the
 * part scrolls into view (issue 37: /app/home's blocking time). Drawn with the figures, they made one
 * long task of React's work and the styles' recalculation when the answer came; now each is a short one
 * of its own. The three charts below the fold take no turn: they are drawn when they come within 300 px of
 * the view (recharts' renders were the longest of those tasks). Until then each part keeps its final place
 * (a stand-in of its size: no layout shift) and holds nothing focusable, so a keyboard never loses its place
 * when the part comes.
 */
const waiting: Array<() => void> = [];
let scheduled = false;

/** The next idle moment (a browser without `requestIdleCallback`, Safari, gets a short timer). */
const whenIdle = (run: () => void) => {
  if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(run, { timeout: 2000 });
  else window.setTimeout(run, 50);
};

/** One waiting part per idle moment: React's render of one is done before the browser is idle again. */
const drawNext = () => {
  if (scheduled || waiting.length === 0) return;
  scheduled = true;
  whenIdle(() => {
    scheduled = false;
    waiting.shift()?.();
    drawNext();
  });
};

/** Queues `reveal` for an idle moment; the function returned takes it out of the queue. */
const inTurn = (reveal: () => void) => {
  waiting.push(reveal);
  drawNext();
  return () => {
    const index = waiting.indexOf(reveal);
    if (index >= 0) waiting.splice(index, 1);
  };
};

/**
 * `children` once the part's turn has come or it came into view, `placeholder` until then. `ready` holds
 * the turn back (until the dashboard has answered, so the figures in view are drawn first); coming into
 * view does not wait. Once drawn, a part stays drawn.
 */
export const Later = ({
  ready = true,
  inTurn: takesTurn = true,
  placeholder,
  children,
}: {
  ready?: boolean;
  /** False: drawn only when it comes near the view (the charts below the fold: nobody reads them unseen). */
  inTurn?: boolean;
  placeholder: ReactNode;
  children: ReactNode;
}) => {
  const place = useRef<HTMLDivElement>(null);
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (shown) return;
    let done = false;
    // A transition: React renders the part in slices that give the browser its turn.
    const reveal = () => {
      if (done) return;
      done = true;
      startTransition(() => setShown(true));
    };
    const leaveQueue = ready && takesTurn ? inTurn(reveal) : undefined;
    const node = place.current;
    const observer =
      node && typeof IntersectionObserver === 'function'
        ? new IntersectionObserver(
            (entries) => {
              if (entries.some((entry) => entry.isIntersecting)) reveal();
            },
            // A little ahead of the scroll, so a part is mostly drawn by the time it is seen.
            { rootMargin: '300px 0px' },
          )
        : undefined;
    if (node) observer?.observe(node);
    return () => {
      leaveQueue?.();
      observer?.disconnect();
    };
  }, [ready, shown, takesTurn]);
  return (
    <div ref={place} className="home-later">
      {shown ? children : placeholder}
    </div>
  );
};
