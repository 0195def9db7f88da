import type { Permission } from '@bcp/contract';
import type { Query } from '@bcp/web-client';
import { Button, Menu } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { downloadFile } from '../lib/files';
import { todayInSouthAfrica } from '../lib/format';
import { useCan } from '../lib/permissions';

/**
 * "Export" for a list with an export call: CSV or XLSX of every row the list's current filters find
 * (`query`), saved as `<name>-<YYYY-MM-DD>.<format>` (files keep ISO dates). Shown only to a user holding `permission`.
 */
export function ExportMenu(props: { path: string; query: Query; name: string; permission: Permission }) {
  const allowed = useCan(props.permission);
  const [busy, setBusy] = useState(false);
  if (!allowed) return null;
  const run = async (format: 'csv' | 'xlsx') => {
    setBusy(true);
    const date = todayInSouthAfrica();
    await downloadFile(props.path, `${props.name}-${date}.${format}`, { ...props.query, format });
    setBusy(false);
  };
  return (
    <Menu position="bottom-end">
      <Menu.Target>
        <Button variant="default" leftSection={<IconDownload size={16} />} loading={busy}>
          Export
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item onClick={() => run('csv')}>CSV (with the filters shown)</Menu.Item>
        <Menu.Item onClick={() => run('xlsx')}>Excel (with the filters shown)</Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
