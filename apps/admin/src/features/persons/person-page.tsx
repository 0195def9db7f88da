import { type AdminPersonResponse, GENDER_LABELS, maskSaIdNumber } from '@bcp/contract';
import { unwrap } from '@bcp/web-client';
import { Alert, Anchor, Button, Card, Loader, SimpleGrid, Stack, Tabs } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams } from 'wouter';
import { Field } from '../../components/field';
import { PageHeader } from '../../components/page-header';
import { RevealIdNumber } from '../../components/reveal-id-number';
import { api } from '../../lib/api';
import { formatDate } from '../../lib/format';
import { Can } from '../../lib/permissions';
import { PersonAccount } from './person-account';
import { PersonBenefits, PersonClaims } from './person-benefits';
import { CorrectPersonModal } from './person-forms';
import { PersonIdentityImages, PersonSourceRows } from './person-sources';

/**
 * The person behind a benefit (`GET benefits/{id}/person`, audited; `{id}` the benefit): details
 * (ID masked until revealed), corrections with a reason, and tabs for their benefits (statement
 * PDF, corrections), claims, member account (devices, reset PIN, close), source rows and identity
 * images.
 */
export default function PersonPage() {
  const { id } = useParams<{ id: string }>();
  const benefitId = Number(id);
  const [correcting, setCorrecting] = useState(false);
  const person = useQuery({
    queryKey: ['v1/benefits', benefitId, 'person'],
    queryFn: () => unwrap(api.get<AdminPersonResponse>(`v1/benefits/${benefitId}/person`)),
  });
  if (person.isPending) return <Loader aria-label="Loading the person" />;
  if (!person.data) {
    return (
      <Alert color="red" role="alert">
        This person could not be loaded.
      </Alert>
    );
  }
  const data = person.data;
  return (
    <Stack>
      <Anchor component={Link} href="/persons" size="sm">
        ← Benefits and persons
      </Anchor>
      <PageHeader title={`${data.firstName} ${data.lastName}`}>
        <Can permission="persons.write">
          <Button onClick={() => setCorrecting(true)}>Correct details</Button>
        </Can>
      </PageHeader>
      <Card withBorder>
        <SimpleGrid cols={3}>
          <Field label="ID number">
            <RevealIdNumber benefitId={benefitId} masked={maskSaIdNumber(data.idNumber)} />
          </Field>
          <Field label="Date of birth">{formatDate(data.dateOfBirth)}</Field>
          <Field label="Gender">{GENDER_LABELS[data.gender]}</Field>
          <Field label="Email (fund data)">{data.email ?? '—'}</Field>
          <Field label="Cellphone (fund data)">{data.phoneNumber ?? '—'}</Field>
          <Field label="Member account">{data.hasAccount ? 'Signed up' : 'Not signed up'}</Field>
        </SimpleGrid>
      </Card>
      <Tabs defaultValue="benefits" keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="benefits">Benefits</Tabs.Tab>
          <Tabs.Tab value="claims">Claims</Tabs.Tab>
          <Tabs.Tab value="account">Account and devices</Tabs.Tab>
          <Tabs.Tab value="sources">Source rows</Tabs.Tab>
          <Tabs.Tab value="images">Identity images</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="benefits">
          <PersonBenefits idNumber={data.idNumber} />
        </Tabs.Panel>
        <Tabs.Panel value="claims">
          <PersonClaims idNumber={data.idNumber} />
        </Tabs.Panel>
        <Tabs.Panel value="account">
          <PersonAccount benefitId={benefitId} personId={data.id} />
        </Tabs.Panel>
        <Tabs.Panel value="sources">
          <PersonSourceRows personId={data.id} />
        </Tabs.Panel>
        <Tabs.Panel value="images">
          <PersonIdentityImages personId={data.id} />
        </Tabs.Panel>
      </Tabs>
      {correcting && <CorrectPersonModal person={data} onClose={() => setCorrecting(false)} />}
    </Stack>
  );
}
