type Named = { firstName?: string | null; lastName?: string | null; email: string };

/** Up to two letters for the avatar fallback: initials of the name, else of the e-mail. */
export const initialsOf = (user: Named): string => {
  const fromName = [user.firstName, user.lastName]
    .map((part) => part?.trim().charAt(0) ?? '')
    .join('')
    .toUpperCase();
  return fromName || user.email.charAt(0).toUpperCase();
};

/** The name people recognise: first and last name, else the e-mail. */
export const displayName = (user: Named): string =>
  [user.firstName, user.lastName].filter(Boolean).join(' ').trim() || user.email;
