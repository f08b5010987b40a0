import { type ComponentType, lazy, Suspense, useState } from 'react';

/**
 * A dialog or drawer whose code is downloaded when it first opens, not with the page that offers it
 * (the theme drawer and the command palette are on every staff page; the bulk dialog on two lists).
 * Once opened it stays mounted, so it closes as a modal or drawer does instead of vanishing.
 */
export function onFirstOpen<P extends object>(
  load: () => Promise<ComponentType<P>>,
  isOpen: (props: P) => boolean,
): ComponentType<P> {
  const Loaded = lazy(async () => ({ default: await load() }));
  const OnFirstOpen = (props: P) => {
    const [opened, setOpened] = useState(false);
    if (isOpen(props) && !opened) setOpened(true);
    if (!opened) return null;
    return (
      <Suspense fallback={null}>
        <Loaded {...props} />
      </Suspense>
    );
  };
  return OnFirstOpen;
}
