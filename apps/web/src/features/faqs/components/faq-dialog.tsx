import type { FaqEntryResponse, FaqTemplateDataResponse } from '@bcp/contract';
import { Accordion, Button, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'wouter';
import { RichText } from '../../../components/rich-text';
import { i18next } from '../../../i18n';
import { showToast } from '../../../lib/toasts';
import { useFaqParams } from '../api/get-faq-params';
import { useFaqs } from '../api/get-faqs';
import { readFaqQuery } from '../faq-query';

/** Width of the dialog (spec 9: 950px). */
export const FAQ_DIALOG_WIDTH = 950;

/**
 * The answers filled with the template data (liquidjs, loaded only here): escaped output, strict
 * filters, limits (`@bcp/contract/templating`); each becomes sanitized rich text when shown.
 */
function useRenderedAnswers(entries: FaqEntryResponse[] | undefined, data: FaqTemplateDataResponse | undefined) {
  return useQuery({
    queryKey: ['faq-answers', entries, data],
    enabled: entries !== undefined && entries.length > 0,
    staleTime: Number.POSITIVE_INFINITY,
    queryFn: async () => {
      const { renderTemplate } = await import('@bcp/contract/templating');
      const templateData = data ? { ...data } : {};
      const rendered = await Promise.all(
        (entries ?? []).map(async (entry) => {
          try {
            return [entry.id, await renderTemplate(entry.answer, templateData)] as const;
          } catch {
            return [entry.id, null] as const;
          }
        }),
      );
      return new Map(rendered);
    },
  });
}

function notice(id: string, message: string) {
  showToast({ id, color: 'red', message });
}

/**
 * Frequently Asked Questions (spec 2): persistent (closes only with Cancel), 950 px wide, takes the
 * optional `fundId` and `benefitId` from the query string, shows a loading indicator, then rows
 * labelled with the question; each answer is its template filled with the benefit, person, fund and
 * claim, shown as sanitized rich text. Notices (spec 8): 'Unable to get FAQs' when the FAQ or params
 * call fails, 'No Available FAQs' for an empty list, 'No Available Prams' when a benefitId gives no
 * data (the answers are then shown without member data).
 */
export function FaqDialog(props: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const { fundId, benefitId } = readFaqQuery(searchParams);
  const paramsQuery = useFaqParams(benefitId, props.opened && benefitId !== null);
  const paramsResult = benefitId === null ? undefined : paramsQuery.data;
  const templateData = paramsResult?.data?.items[0];
  // Without a fundId, the benefit's own fund (when the member may see it).
  const effectiveFundId = fundId ?? templateData?.fund.id ?? null;
  const paramsSettled = benefitId === null || paramsResult !== undefined;
  const faqsQuery = useFaqs(effectiveFundId, props.opened && paramsSettled);
  const faqsResult = faqsQuery.data;
  const failed = faqsResult?.error !== undefined || paramsResult?.error !== undefined;
  const entries = faqsResult?.data?.items;
  const answers = useRenderedAnswers(failed ? undefined : entries, templateData);
  const noParams = paramsResult?.data !== undefined && paramsResult.data.items.length === 0;

  useEffect(() => {
    if (!props.opened) return;
    if (failed) notice('faq-load-failed', i18next.t('messages.faq.loadFailed'));
    else if (entries?.length === 0) notice('faq-empty', i18next.t('messages.faq.noFaqs'));
  }, [props.opened, failed, entries]);
  useEffect(() => {
    if (props.opened && noParams) notice('faq-no-params', i18next.t('messages.faq.noParams'));
  }, [props.opened, noParams]);

  const loading =
    !failed &&
    (!paramsSettled || faqsResult === undefined || (entries !== undefined && entries.length > 0 && answers.isPending));

  return (
    <Modal
      opened={props.opened}
      onClose={props.onClose}
      closeOnClickOutside={false}
      closeOnEscape={false}
      withCloseButton={false}
      size={FAQ_DIALOG_WIDTH}
      title={
        // The modal's title is already a heading (h2): styled as an h3, not an h3 nested in it.
        <Text span fz="h3" fw={700}>
          {t('faq.title')}
        </Text>
      }
    >
      {loading ? (
        <Group justify="center" py="lg">
          <Loader role="status" aria-label={t('faq.loading')} />
        </Group>
      ) : failed ? (
        <Text c="red">{t('messages.faq.loadFailed')}</Text>
      ) : !entries || entries.length === 0 ? (
        <Text c="dimmed">{t('messages.faq.noFaqs')}</Text>
      ) : (
        <Stack gap="sm">
          {noParams && (
            <Text c="dimmed" size="sm">
              {t('messages.faq.noParams')}
            </Text>
          )}
          <Accordion variant="separated" aria-label={t('faq.title')}>
            {entries.map((entry) => {
              const answer = answers.data?.get(entry.id);
              return (
                <Accordion.Item key={entry.id} value={String(entry.id)}>
                  <Accordion.Control>{entry.question}</Accordion.Control>
                  <Accordion.Panel>
                    {answer === null || answer === undefined ? (
                      <Text c="dimmed">{t('faq.unavailable')}</Text>
                    ) : (
                      <RichText html={answer} />
                    )}
                  </Accordion.Panel>
                </Accordion.Item>
              );
            })}
          </Accordion>
        </Stack>
      )}
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={props.onClose}>
          {t('common.cancel')}
        </Button>
      </Group>
    </Modal>
  );
}
