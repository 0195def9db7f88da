import { Stack, Table } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../../lib/session-store';
import { AcceptAndContinue } from './accept-and-continue';
import type { StepProps } from './step-props';

/** Step 1, confirm personal details: name, ID number (masked), date of birth and contact details. */
export function PersonalDetailsStep(props: StepProps) {
  const { t } = useTranslation();
  const { person, fund } = props.benefit;
  const { personUser } = useSession();
  const rows: [string, string][] = [
    [t('personalDetails.name'), `${person.firstName} ${person.lastName}`],
    [t('common.idNumber'), person.idNumberMasked],
    [t('personalDetails.dateOfBirth'), person.dateOfBirth],
    [t('common.email'), personUser?.email ?? t('common.none')],
    [t('personalDetails.mobile'), personUser?.phoneNumber ?? t('common.none')],
    [t('personalDetails.fund'), fund.name],
  ];
  return (
    <Stack>
      <Table aria-label={t('personalDetails.label')}>
        <Table.Tbody>
          {rows.map(([label, value]) => (
            <Table.Tr key={label}>
              <Table.Th scope="row">{label}</Table.Th>
              <Table.Td>{value}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <AcceptAndContinue
        {...props}
        label={t('personalDetails.accept')}
        button={t('personalDetails.button')}
        alreadyAccepted={props.claim.personalDetailsConfirmedAt !== null}
        save={{ personalDetailsConfirmed: true }}
      />
    </Stack>
  );
}
