import { lazy, Suspense, useEffect, useState } from 'react';
import { setStepUpAsker } from '../../lib/api-client';

/** The dialog's code arrives only when a dangerous action first asks for it (the frame's budget). */
const StepUpDialog = lazy(() => import('./step-up-dialog'));

/**
 * Answers the API's 403 STEP_UP_REQUIRED anywhere in the staff screens (docs/decisions/0044): one
 * dialog asks for a fresh proof, and the refused request goes again once it is given. Mounted once,
 * around every screen.
 */
export const StepUpHost = () => {
  const [resolve, setResolve] = useState<((confirmed: boolean) => void) | null>(null);

  useEffect(() => {
    setStepUpAsker(() => new Promise<boolean>((done) => setResolve(() => done)));
    return () => setStepUpAsker(null);
  }, []);

  if (!resolve) return null;
  const finish = (confirmed: boolean) => {
    resolve(confirmed);
    setResolve(null);
  };
  return (
    <Suspense fallback={null}>
      <StepUpDialog onDone={finish} />
    </Suspense>
  );
};
