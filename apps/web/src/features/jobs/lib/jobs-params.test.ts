import { describe, expect, it } from 'vitest';
import { readUrl, writeUrl } from '../../../lib/url-params';
import { jobsParams, toJobsQuery } from './jobs-params';

const read = (search: string) => readUrl(jobsParams, new URLSearchParams(search));

describe('the jobs screen’s address', () => {
  it('shows failed jobs of any kind from the first page by default, and writes nothing for that', () => {
    const search = read('');
    expect(search).toEqual({ state: 'failed', kind: undefined, pages: [] });
    expect(toJobsQuery(search)).toEqual({ state: 'failed', kind: undefined, take: 20, cursor: undefined });
    expect(writeUrl(jobsParams, search).toString()).toBe('');
  });

  it('keeps state, kind and the pages walked; the last cursor opens the page shown', () => {
    const search = read('state=done&kind=push-dispatch&pages=120,80');
    expect(search).toEqual({ state: 'done', kind: 'push-dispatch', pages: [120, 80] });
    expect(toJobsQuery(search).cursor).toBe(80);
    expect(writeUrl(jobsParams, search).toString()).toBe('state=done&kind=push-dispatch&pages=120%2C80');
  });

  it('drops what the API would refuse instead of sending it', () => {
    expect(read('state=stuck&kind=Push_Dispatch&pages=-1,x,0,3000000000,7')).toEqual({
      state: 'failed',
      kind: undefined,
      pages: [7],
    });
  });
});
