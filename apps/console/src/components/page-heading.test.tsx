// After a navigation, focus lands on the page's heading even when the page shows it only once
// its data has loaded — but never takes focus back from something the operator chose meanwhile.
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { focusPageHeading, PageHeading } from './page-heading.js';

afterEach(cleanup);

describe('focusPageHeading', () => {
  it('focuses a heading that renders after the navigation (a page that loaded first)', () => {
    const { container, rerender } = render(<p>Loading…</p>);
    focusPageHeading(container);
    expect(document.activeElement).toBe(document.body);
    rerender(<PageHeading>Webhooks</PageHeading>);
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Webhooks' }));
  });

  it('leaves focus where the operator put it while the page loaded', () => {
    const { container, rerender } = render(
      <>
        <p>Loading…</p>
        <input aria-label="Search" />
      </>,
    );
    focusPageHeading(container);
    screen.getByRole('textbox', { name: 'Search' }).focus();
    rerender(
      <>
        <PageHeading>Webhooks</PageHeading>
        <input aria-label="Search" />
      </>,
    );
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Search' }));
  });

  it('focuses a heading already there at once, and a later one is not moved to', () => {
    const { container, rerender } = render(<PageHeading>Keys</PageHeading>);
    focusPageHeading(container);
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Keys' }));
    (document.activeElement as HTMLElement).blur();
    rerender(
      <>
        <PageHeading>Keys</PageHeading>
        <section>
          <PageHeading>Another</PageHeading>
        </section>
      </>,
    );
    expect(document.activeElement).toBe(document.body);
  });
});

describe('a loading page’s heading', () => {
  it('hands focus to the loaded page’s heading that replaces it', () => {
    const { container, rerender } = render(<PageHeading key="loading">Webhooks</PageHeading>);
    focusPageHeading(container);
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Webhooks' }));
    rerender(<PageHeading key="loaded">Acme webhooks</PageHeading>);
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Acme webhooks' }));
  });

  it('keeps no focus it did not have', () => {
    const { rerender } = render(
      <>
        <PageHeading key="loading">Webhooks</PageHeading>
        <input aria-label="Search" />
      </>,
    );
    screen.getByRole('textbox', { name: 'Search' }).focus();
    rerender(
      <>
        <PageHeading key="loaded">Acme webhooks</PageHeading>
        <input aria-label="Search" />
      </>,
    );
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Search' }));
  });
});

describe('PageHeading', () => {
  it('names the page in the document title, and follows the heading as it changes', () => {
    const { rerender } = render(<PageHeading>Webhooks</PageHeading>);
    expect(document.title).toBe('Webhooks · Latchkey console');
    rerender(
      <PageHeading>
        Acme <span>settings</span>
      </PageHeading>,
    );
    expect(document.title).toBe('Acme settings · Latchkey console');
  });
});
