import type { ReactNode } from 'react';

/**
 * A phone number, e-mail or code: it reads left to right even on an RTL page. Without the isolate
 * the bidi algorithm moves the neutral «+» to the far end («79001000025+»).
 */
export const Ltr = ({ children }: { children: ReactNode }) => (
  <bdi dir="ltr" className="ltr-value">
    {children}
  </bdi>
);
