// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { LocationMark } from './location-mark';

afterEach(cleanup);

describe('LocationMark', () => {
  it('marks the document with the address whose screen is drawn, after each navigation', async () => {
    const router = createMemoryRouter(
      [
        {
          Component: LocationMark,
          children: [
            { path: '/app/users', Component: () => <h1>Пользователи</h1> },
            { path: '/app/home', Component: () => <h1>Главная</h1> },
          ],
        },
      ],
      { initialEntries: ['/app/users?page=2'] },
    );
    render(<RouterProvider router={router} />);
    expect(await screen.findByRole('heading', { name: 'Пользователи' })).toBeTruthy();
    expect(document.documentElement.dataset.location).toBe('/app/users?page=2');

    await act(() => router.navigate('/app/home'));
    expect(screen.getByRole('heading', { name: 'Главная' })).toBeTruthy();
    expect(document.documentElement.dataset.location).toBe('/app/home');
  });
});
