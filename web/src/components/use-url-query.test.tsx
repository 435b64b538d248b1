import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { useUrlQuery } from './use-url-query';

function Probe() {
  const { params, change } = useUrlQuery();
  return (
    <>
      <output>{params.toString()}</output>
      <button
        type="button"
        onClick={() => {
          change({ tab: '1' });
          change({ batch: '7', type: null });
        }}
      >
        two changes
      </button>
      <button type="button" onClick={() => change((live) => new URLSearchParams({ kept: live.get('batch') ?? '' }))}>
        rewrite
      </button>
    </>
  );
}

function renderAt(path: string) {
  window.history.replaceState({ usr: null, key: 'test', idx: 0 }, '', path);
  const router = createBrowserRouter([{ path: '/page', element: <Probe /> }]);
  render(<RouterProvider router={router} />);
  return router;
}

describe('useUrlQuery', () => {
  it('keeps both of two changes made one right after the other, and removes the keys set to null', async () => {
    // Prepare
    const router = renderAt('/page?type=Accounts&keep=yes');
    // Act
    await userEvent.click(screen.getByRole('button', { name: 'two changes' }));
    // Assess
    const query = new URLSearchParams(window.location.search);
    expect(Object.fromEntries(query)).toEqual({ keep: 'yes', tab: '1', batch: '7' });
    expect(await screen.findByText(/batch=7/)).toHaveTextContent('keep=yes&tab=1&batch=7');
    router.dispose();
  });

  it('hands a change function the address bar query', async () => {
    // Prepare
    const router = renderAt('/page?batch=12');
    // Act
    await userEvent.click(screen.getByRole('button', { name: 'rewrite' }));
    // Assess
    expect(window.location.search).toBe('?kept=12');
    router.dispose();
  });
});
