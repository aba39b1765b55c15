// The original kit's operator paths go to the back-office page of the same name in the client router
// too (a link followed inside the app; the server redirects a page load).
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { routes } from './routes';

describe('the original kit operator paths in the router', () => {
  it.each([
    ['/oligarhvalera', 'admin home'],
    ['/oligarhvalera/dashboard/users', 'admin users'],
    ['/oligarhvalera/dashboard/no-such-page', 'admin home'],
  ])('%s shows %s', async (path, text) => {
    const legacy = routes.find((r) => r.path === '/oligarhvalera/*');
    expect(legacy).toBeDefined();
    const router = createMemoryRouter(
      [
        { ...legacy, HydrateFallback: () => null },
        { path: '/admin', element: <p>admin home</p> },
        { path: '/admin/users', element: <p>admin users</p> },
      ],
      { initialEntries: [path] },
    );
    render(<RouterProvider router={router} />);
    expect(await screen.findByText(text)).toBeInTheDocument();
  });
});
