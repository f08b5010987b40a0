import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { pollOptions } from './poll-options';

describe('pollOptions', () => {
  it('sends a query’s first fetch as the person’s and every later one (the poll) as background', async () => {
    const client = new QueryClient();
    const seen: boolean[] = [];
    const queryFn = (context: Parameters<typeof pollOptions>[0]) => {
      seen.push(pollOptions(context).background);
      return Promise.resolve(seen.length);
    };
    await client.fetchQuery({ queryKey: ['jobs'], queryFn });
    await client.refetchQueries({ queryKey: ['jobs'] });
    await client.refetchQueries({ queryKey: ['jobs'] });
    // Another filter is another query: the person asked for it.
    await client.fetchQuery({ queryKey: ['jobs', { state: 'failed' }], queryFn });
    expect(seen).toEqual([false, true, true, false]);
  });
});
