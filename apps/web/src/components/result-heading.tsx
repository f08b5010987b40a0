import type { ReactNode } from 'react';

/** A result view's title (not found, failed to load) as the screen's `<h1>`, in the result's own style. */
export const ResultHeading = ({ children }: { children: ReactNode }) => <h1 className="result-heading">{children}</h1>;
