import type { AdminClaimResponse, RiskFlagLinkResponse } from '@bcp/contract';
import { Anchor, Badge, Card, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'wouter';
import { formatDateTime } from '../../lib/format';

/** A record behind a flag: another person's claim, or their person page (opened by one of their benefits). */
function FlagLink(props: { link: RiskFlagLinkResponse }) {
  const { link } = props;
  const href =
    link.claimId !== null ? `/claims/${link.claimId}` : link.benefitId !== null ? `/persons/${link.benefitId}` : null;
  return href ? (
    <Anchor component={Link} href={href} size="sm">
      {link.label}
    </Anchor>
  ) : (
    <Text size="sm">{link.label}</Text>
  );
}

/** The queue's risk badge: how many risk flags a claim carries ("No flags" in grey). */
export function RiskBadge(props: { count: number }) {
  return props.count > 0 ? (
    <Badge color="red" variant="light">
      {props.count} flag{props.count === 1 ? '' : 's'}
    </Badge>
  ) : (
    <Text size="sm" c="dimmed">
      No flags
    </Text>
  );
}

/**
 * The claim's fraud and risk flags (issue 36 item 3): each with its title, plain explanation and
 * the other persons and claims behind it as links; when none, that no signal was raised and when
 * they were computed. Shown for every claim past its draft.
 */
export function ClaimRiskFlags(props: { claim: AdminClaimResponse }) {
  const { flags, evaluatedAt } = props.claim.risk;
  if (props.claim.status === 'draft') return null;
  return (
    <Card withBorder component="section" aria-labelledby="risk-title">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} size="h4" id="risk-title">
            {flags.length > 0 ? `Risk flags (${flags.length})` : 'Risk flags'}
          </Title>
          {evaluatedAt && (
            <Text size="sm" c="dimmed">
              Checked {formatDateTime(evaluatedAt)}
            </Text>
          )}
        </Group>
        {flags.length === 0 ? (
          <Text size="sm">No fraud or risk signal was raised for this claim.</Text>
        ) : (
          flags.map((flag) => (
            <Paper key={flag.key} component="article" aria-label={flag.label} withBorder p="sm" bg="red.0">
              <Stack gap={6}>
                <Text fw={700} c="red.9">
                  {flag.label}
                </Text>
                <Text size="sm">{flag.explanation}</Text>
                {flag.data.links.length > 0 && (
                  <List size="sm" spacing={2} aria-label={`Records behind "${flag.label}"`}>
                    {flag.data.links.map((link) => (
                      <List.Item key={`${link.claimId ?? ''}-${link.benefitId ?? ''}-${link.label}`}>
                        <FlagLink link={link} />
                      </List.Item>
                    ))}
                  </List>
                )}
              </Stack>
            </Paper>
          ))
        )}
      </Stack>
    </Card>
  );
}
