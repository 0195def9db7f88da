import { Alert, Button, Stack } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { translateError } from '../../../i18n/errors';
import { getBenefitStatement } from '../api/claims';

/** Saves `blob` as a file named `fileName` through a temporary link (the browser's download). */
function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/**
 * "Download your statement (PDF)" on the claim-details page (issue 18): the same benefit
 * statement staff see (fund, fees with VAT, net payout, claim status, how to complain), fetched
 * for the member's own benefit `benefitId` and saved as `benefit-statement-{id}.pdf`. A failed
 * call shows its message under the button.
 */
export function StatementDownload(props: { benefitId: number }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  async function download() {
    setBusy(true);
    setFailure(null);
    const result = await getBenefitStatement(props.benefitId);
    setBusy(false);
    if (result.error) setFailure(translateError(result.error));
    else saveFile(result.data, `benefit-statement-${props.benefitId}.pdf`);
  }

  return (
    <Stack gap="xs">
      <Button
        variant="default"
        leftSection={<IconDownload size={18} aria-hidden />}
        loading={busy}
        onClick={download}
        w="fit-content"
      >
        {t('claim.statement')}
      </Button>
      {failure && (
        <Alert color="red" title={t('claim.statementFailed')}>
          {failure}
        </Alert>
      )}
    </Stack>
  );
}
