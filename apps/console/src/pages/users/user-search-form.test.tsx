// The users search lives in the address: a reload fills the form from it, typing searches once the
// typing pauses (one history entry per search, not per letter), Back restores the box, a filter
// change is its own entry and starts again at the first page, and a reversed range is refused inline.
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SEARCH_DEBOUNCE_MS, UserSearchForm } from './user-search-form.js';

afterEach(cleanup);

function renderAt(url: string) {
  const router = createMemoryRouter(
    [{ path: '/users', element: <UserSearchForm oauthProviders={['google']} /> }],
    { initialEntries: ['/elsewhere', url], initialIndex: 1 },
  );
  render(<RouterProvider router={router} />);
  const search = () => new URLSearchParams(router.state.location.search);
  return { router, search };
}

describe('UserSearchForm', () => {
  it('fills the form from the address, so a shared or reloaded search shows what it searches for', () => {
    renderAt(
      '/users?q=ada%40&status=pending&method=oauth%3Agoogle&created_from=2026-01-02&created_to=2026-01-31',
    );
    expect(screen.getByLabelText('Email or user ID')).toHaveProperty('value', 'ada@');
    expect(screen.getByLabelText('Status')).toHaveProperty('value', 'pending');
    expect(screen.getByLabelText('Sign-in method')).toHaveProperty('value', 'oauth:google');
    expect(screen.getByLabelText('Created from (UTC)')).toHaveProperty('value', '2026-01-02');
    expect(screen.getByLabelText('Created to (UTC)')).toHaveProperty('value', '2026-01-31');
  });

  it('writes the typed text to the address once typing pauses, as one history entry, and Back restores the box', async () => {
    const { router, search } = renderAt('/users?cursor=abc');
    const box = screen.getByLabelText('Email or user ID');
    vi.useFakeTimers();
    try {
      // Letters 100 ms apart: nothing is searched until the typing has paused for SEARCH_DEBOUNCE_MS.
      for (const typed of ['a', 'ad', 'ada']) {
        fireEvent.change(box, { target: { value: typed } });
        act(() => vi.advanceTimersByTime(100));
      }
      act(() => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS - 101));
      expect(search().get('q')).toBeNull();
      act(() => vi.advanceTimersByTime(1));
      expect(search().get('q')).toBe('ada');
      // A new search starts on its first page.
      expect(search().get('cursor')).toBeNull();
      fireEvent.change(box, { target: { value: 'ada@ex' } });
      act(() => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS));
      expect(search().get('q')).toBe('ada@ex');
    } finally {
      vi.useRealTimers();
    }
    // Refining replaced the entry: one Back returns to the search before typing began.
    await act(() => router.navigate(-1));
    expect(search().get('q')).toBeNull();
    expect(search().get('cursor')).toBe('abc');
    expect(box).toHaveProperty('value', '');
  });

  it('makes each filter change a history entry that drops the page cursor', async () => {
    const { router, search } = renderAt('/users?q=ada&cursor=abc');
    await userEvent.selectOptions(screen.getByLabelText('Status'), 'active');
    expect(search().get('status')).toBe('active');
    expect(search().get('q')).toBe('ada');
    expect(search().get('cursor')).toBeNull();
    await userEvent.selectOptions(screen.getByLabelText('Sign-in method'), 'passkey');
    expect(search().get('method')).toBe('passkey');
    await act(() => router.navigate(-1));
    expect(screen.getByLabelText('Sign-in method')).toHaveProperty('value', '');
    expect(screen.getByLabelText('Status')).toHaveProperty('value', 'active');
    await userEvent.click(screen.getByRole('button', { name: 'Clear search and filters' }));
    expect(router.state.location.search).toBe('');
    expect(screen.getByLabelText('Email or user ID')).toHaveProperty('value', '');
  });

  it('refuses a created range that ends before it starts, naming both fields', () => {
    renderAt('/users?created_from=2026-02-01&created_to=2026-01-01');
    expect(screen.getByRole('alert').textContent).toContain('after the “created to” day');
    expect(screen.getByLabelText('Created from (UTC)').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByLabelText('Created to (UTC)').getAttribute('aria-invalid')).toBe('true');
  });
});
