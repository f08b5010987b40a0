import { useMediaQuery } from './use-media-query';

/**
 * Whether the person asked their system for less motion (WCAG 2.3.3). antd's own transitions
 * follow it (its `motion` token); `styles.css` stops our own.
 */
export const useReducedMotion = (): boolean => useMediaQuery('(prefers-reduced-motion: reduce)');
