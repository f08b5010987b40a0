/** The ten recovery codes as they are shown once: a list a person can read out, copy or print. */
export const RecoveryCodesList = ({ codes, label }: { codes: string[]; label: string }) => (
  <ul className="recovery-codes" aria-label={label} data-testid="recovery-codes">
    {codes.map((code) => (
      <li key={code}>{code}</li>
    ))}
  </ul>
);
