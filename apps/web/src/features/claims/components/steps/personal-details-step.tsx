import { Stack, Table } from '@mantine/core';
import { useSession } from '../../../../lib/session-store';
import { AcceptAndContinue } from './accept-and-continue';
import type { StepProps } from './step-props';

/** Step 1, confirm personal details: name, ID number (masked), date of birth and contact details. */
export function PersonalDetailsStep(props: StepProps) {
  const { person, fund } = props.benefit;
  const { personUser } = useSession();
  const rows: [string, string][] = [
    ['Name', `${person.firstName} ${person.lastName}`],
    ['ID number', person.idNumberMasked],
    ['Date of birth', person.dateOfBirth],
    ['Email', personUser?.email ?? '-'],
    ['Mobile phone', personUser?.phoneNumber ?? '-'],
    ['Fund', fund.name],
  ];
  return (
    <Stack>
      <Table aria-label="Your details">
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
        label="These are my details and they are correct"
        button="Confirm and continue"
        alreadyAccepted={props.claim.personalDetailsConfirmedAt !== null}
        save={{ personalDetailsConfirmed: true }}
      />
    </Stack>
  );
}
