import { parseSaIdNumber } from '@bcp/contract';
import { Alert, Anchor, Button, Stack, Text, TextInput, Title } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { paths } from '../../../config/paths';
import { api } from '../../../lib/api';
import { errorMessage } from '../../../lib/api-client';

/**
 * Search (spec section 2, `/auth/search`): the member types their SA ID number; it is checked
 * (13 digits, date, check digit) before anything is sent; the answer is only how many benefits wait.
 */
export function SearchPage() {
  const [, navigate] = useLocation();
  const [idNumber, setIdNumber] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [searching, setSearching] = useState(false);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    const parsed = parseSaIdNumber(idNumber);
    if (!parsed.valid) {
      setFieldError(parsed.message);
      return;
    }
    setFieldError(null);
    setSearching(true);
    const result = await api.get<{ totalBenefits: number }>('app/benefits/idNumber', {
      query: { idNumber: parsed.idNumber },
    });
    setSearching(false);
    if (result.error) {
      setFailure(errorMessage(result.error));
      return;
    }
    const total = result.data.totalBenefits;
    navigate(paths.searchComplete(total, parsed.idNumber, total === 0 ? 'no-benefits' : undefined));
  }

  return (
    <Stack gap="lg" pt="xl">
      <Title order={1}>Is money from an old job waiting for you?</Title>
      <Text size="lg">
        Retirement funds hold billions of rand for people who were never told. Search with your ID number to see if any
        of it is yours. It is free.
      </Text>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <TextInput
            label="Your South African ID number"
            description="13 digits, as on your ID book or card"
            inputMode="numeric"
            autoComplete="off"
            size="lg"
            value={idNumber}
            onChange={(event) => setIdNumber(event.currentTarget.value)}
            error={fieldError}
          />
          <Button type="submit" size="lg" loading={searching}>
            Search
          </Button>
          {failure && (
            <Alert color="red" title="We could not search right now">
              {failure}
            </Alert>
          )}
        </Stack>
      </form>
      <Anchor component={Link} to={paths.checkMessage()}>
        Is this message from us? Check an SMS or email
      </Anchor>
    </Stack>
  );
}
