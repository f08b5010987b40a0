import type { ReactNode } from 'react';

/**
 * A phone number, e-mail or code, or a number with its unit («30 дней», «40,1 %», «1 990 ₽», «3 / 5»):
 * it reads left to right even on an RTL page. Without the isolate the bidi algorithm moves the
 * neutral «+» to the far end («79001000025+»), puts a leading number after its word («дней 30») and a
 * trailing «%» or «₽» before the number («% 40,1»), and reverses a row of numbers.
 */
export const Ltr = ({ children }: { children: ReactNode }) => (
  <bdi dir="ltr" className="ltr-value">
    {children}
  </bdi>
);
