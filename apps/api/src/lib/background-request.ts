import { BACKGROUND_HEADER } from '@pult/contract';
import type { FastifyRequest } from 'fastify';

const header = BACKGROUND_HEADER.toLowerCase();

/**
 * Whether the page sent this request on its own (`Pult-Background: 1`: a poll of a running job, a presence
 * beat, the live stream's ticket). Such a request is served as any other, but it is not a person at work,
 * so it is not the session's activity: a page left open on a running import must not keep a staff session
 * from its idle time-out (ASVS 7.3.1, docs/decisions/0044).
 */
export const isBackgroundRequest = (request: FastifyRequest): boolean => request.headers[header] === '1';
