/**
 * The shared email frame is fluid (no fixed-width table a narrow mail app would scroll sideways)
 * and keeps its 480 px card in Outlook for Windows, which ignores max-width, through a table only
 * Outlook reads (a conditional comment). The e2e console spec lays a real email out at 320 px.
 */
import { describe, expect, it } from 'vitest';
import { EMAIL_CARD_MAX_WIDTH, emailLayout } from './email-layout.js';

/** The HTML every client but Outlook for Windows renders: conditional comments dropped. */
const withoutOutlookOnly = (html: string) => html.replace(/<!--\[if mso\]>[\s\S]*?<!\[endif\]-->/g, '');

describe('emailLayout', () => {
  const html = emailLayout('Sign in', '<p>Hello</p>');

  it('has no fixed width outside what only Outlook reads: the card is 100 % up to 480 px', () => {
    const everyone = withoutOutlookOnly(html);
    expect(everyone).not.toMatch(/width="\d+"/);
    expect(everyone).not.toMatch(/[^-]width:\s*\d+px/);
    expect(everyone).toContain(`width:100%;max-width:${EMAIL_CARD_MAX_WIDTH}px`);
    expect(everyone).toContain('<p>Hello</p>');
  });

  it('gives Outlook for Windows a 480 px table around the card, opened and closed in its own comments', () => {
    const outlookOnly = html.match(/<!--\[if mso\]>[\s\S]*?<!\[endif\]-->/g) ?? [];
    expect(outlookOnly).toHaveLength(2);
    expect(outlookOnly[0]).toContain(`<table role="presentation" width="${EMAIL_CARD_MAX_WIDTH}"`);
    expect(outlookOnly[0]).toContain('<tr><td>');
    expect(outlookOnly[1]).toContain('</td></tr></table>');
  });
});
