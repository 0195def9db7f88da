import { Modal } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TermsContent } from './terms';

/**
 * The terms (`TermsContent`) in a dialog, for the sign-up form's "terms and conditions" link;
 * loaded the first time the member opens it (`LazyTermsDialog`), so Mantine's Modal, its focus trap
 * and scroll area stay out of the sign-up page's first load (issue 40 item 2).
 * The Modal first renders closed and opens on the next commit: Mantine records the element to
 * give focus back to (the link) when `opened` changes, not when the dialog mounts already open.
 */
export function TermsDialog(props: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  return (
    <Modal opened={mounted && props.opened} onClose={props.onClose} title={t('titles.terms')} size="lg">
      <TermsContent />
    </Modal>
  );
}
