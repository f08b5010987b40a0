import type { GeneratedCode } from '@pult/contract';

/**
 * «Заблокировать» is offered only for a code nobody has used: a blocked one has nothing left to
 * block, and blocking a used one would not take back the subscription it already gave.
 */
export const canBlock = (code: Pick<GeneratedCode, 'status'>) => code.status === 'new';
