import { Anchor } from '@mantine/core';
import { type DataTableColumn, type DataTableRowClickHandler, getValueAtPath } from 'mantine-datatable';
import type { MouseEvent } from 'react';
import { Link, useLocation } from 'wouter';

/** What a click inside a row may hit that does something of its own (the row then does nothing). */
const OWN_ACTION = 'a, button, input, label, select, textarea, [role="checkbox"], [role="button"]';

/**
 * Whether a click on a row (not on a control inside it) opens the row's record in this tab: a plain
 * primary-button click without a modifier (Ctrl/Cmd/Shift+click is for the link and the browser)
 * that did not end a text selection.
 */
function opensRow(event: MouseEvent): boolean {
  if (event.defaultPrevented || event.button !== 0) return false;
  if (event.ctrlKey || event.metaKey || event.shiftKey || event.altKey) return false;
  if (event.target instanceof Element && event.target.closest(OWN_ACTION)) return false;
  return !window.getSelection()?.toString();
}

/**
 * A list's rows as links to their records (issue 38 item 1, WCAG 2.2 2.1.1): the first column's
 * cell (the row's primary cell) becomes a real link to `rowHref(record)` (a path under the router's
 * base, `/claims/7`), so a row opens with Tab and Enter, and in a new tab with Ctrl/Cmd+click or the
 * link's context menu; a plain click anywhere else on the row still opens it in place (client-side,
 * through wouter). Without `rowHref` the columns are returned as they are and rows do not open.
 */
export function useRowLinks<T>(
  columns: DataTableColumn<T>[],
  rowHref: ((record: T) => string) | undefined,
): { columns: DataTableColumn<T>[]; onRowClick?: DataTableRowClickHandler<T> } {
  const [, navigate] = useLocation();
  const [primary, ...rest] = columns;
  if (!rowHref || !primary) return { columns };
  const linked: DataTableColumn<T> = {
    ...primary,
    render: (record, index) => (
      <Anchor component={Link} href={rowHref(record)} inherit>
        {primary.render ? primary.render(record, index) : String(getValueAtPath(record, primary.accessor) ?? '')}
      </Anchor>
    ),
  };
  return {
    columns: [linked, ...rest],
    onRowClick: ({ record, event }) => {
      if (opensRow(event)) navigate(rowHref(record));
    },
  };
}
