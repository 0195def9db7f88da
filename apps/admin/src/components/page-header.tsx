import { Group, Title } from '@mantine/core';
import { type ReactNode, useEffect, useRef } from 'react';

/**
 * A move to another screen whose heading has not taken the focus yet: `from` is what had the focus
 * when the path changed (the link or button that moved there, or the page's body).
 */
let pending: { from: Element | null } | null = null;

/**
 * Gives `heading` the focus when a move to another screen is pending and the user has not put the
 * focus somewhere else meanwhile (it is still on what moved there, or on nothing, that being gone).
 */
function takeFocus(heading: HTMLElement | null): void {
  if (!pending || !heading || heading.getClientRects().length === 0) return;
  const active = document.activeElement;
  const untouched = !active || active === document.body || active === pending.from || !active.isConnected;
  pending = null;
  if (untouched) heading.focus();
}

/**
 * Called by the shell when the path changes (issue 38 item 1, WCAG 2.2 2.4.3): the new screen's h1
 * takes the focus, so a keyboard or screen-reader user starts at the top of what opened, the
 * heading read out. The h1 shown now (`main h1`) takes it at once; a screen still loading takes it
 * when its `PageHeader` appears.
 */
export function focusHeadingAfterNavigation(): void {
  pending = { from: document.activeElement };
  takeFocus(document.querySelector<HTMLElement>('main h1'));
}

/**
 * A screen's heading (the page's one `h1`) with its actions on the same line. The h1 can take the
 * focus from script only (`tabIndex` -1): it takes it after a move to its screen.
 */
export function PageHeader(props: { title: string; children?: ReactNode }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => takeFocus(heading.current), []);
  return (
    <Group justify="space-between" mb="md">
      <Title ref={heading} order={1} size="h2" tabIndex={-1}>
        {props.title}
      </Title>
      {props.children}
    </Group>
  );
}
