import { CreateFaqRequest, type FaqResponse, type FundResponse } from '@bcp/contract';
import {
  Button,
  Grid,
  Group,
  Modal,
  MultiSelect,
  NumberInput,
  Stack,
  Switch,
  Textarea,
  TextInput,
} from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useState } from 'react';
import { HistoryButton } from '../../components/audit-trail';
import { FormActions } from '../../components/form-actions';
import { FilterSelect, ListTable, StatusBadge, useServerList } from '../../components/list-table';
import { PageHeader } from '../../components/page-header';
import { TemplatePreview } from '../../components/template-preview';
import { api } from '../../lib/api';
import { useOptions } from '../../lib/options';
import { Can, useCan } from '../../lib/permissions';
import { save } from '../../lib/save';

interface FaqValues {
  question: string;
  answer: string;
  sortOrder: number | string;
  published: boolean;
  fundIds: string[];
}

const toRequest = (values: FaqValues) => ({
  question: values.question,
  answer: values.answer,
  sortOrder: Number(values.sortOrder) || 0,
  published: values.published,
  fundIds: values.fundIds.map(Number),
});

/** Creating or editing an FAQ (`POST faq`, `PATCH faq/{id}`), its answer previewed with sample member data. */
function FaqModal(props: { faq?: FaqResponse; onClose: () => void }) {
  const faq = props.faq;
  const form = useForm<FaqValues>({
    initialValues: {
      question: faq?.question ?? '',
      answer: faq?.answer ?? '',
      sortOrder: faq?.sortOrder ?? 0,
      published: faq?.published ?? false,
      fundIds: faq?.fundIds.map(String) ?? [],
    },
    validate: (values) => schemaResolver(CreateFaqRequest, { sync: true })(toRequest(values)),
  });
  const funds = useOptions<FundResponse>('v1/funds', (fund) => fund.name);
  const submit = form.onSubmit(async (values) => {
    const saved = await save(
      faq
        ? api.patch<FaqResponse>(`v1/faq/${faq.id}`, { json: toRequest(values) })
        : api.post<FaqResponse>('v1/faq', { json: toRequest(values) }),
      { done: 'FAQ saved.', invalidate: ['v1/faq'], form },
    );
    if (saved) props.onClose();
  });
  return (
    <Modal opened onClose={props.onClose} title={faq ? 'Edit FAQ' : 'New FAQ'} size="80rem">
      <Grid>
        <Grid.Col span={7}>
          <form onSubmit={submit} noValidate>
            <Stack>
              <TextInput label="Question" required {...form.getInputProps('question')} />
              <Textarea
                label="Answer (Liquid, e.g. {{ fund.name }})"
                required
                autosize
                minRows={6}
                {...form.getInputProps('answer')}
              />
              <MultiSelect
                label="Funds"
                description="None: every fund"
                data={funds}
                searchable
                {...form.getInputProps('fundIds')}
              />
              <Group grow>
                <NumberInput label="Order" min={0} {...form.getInputProps('sortOrder')} />
                <Switch mt="lg" label="Published" {...form.getInputProps('published', { type: 'checkbox' })} />
              </Group>
              <FormActions label="Save FAQ" onCancel={props.onClose} submitting={form.submitting} />
            </Stack>
          </form>
        </Grid.Col>
        <Grid.Col span={5}>
          <TemplatePreview kind="faq_answer" subject={null} body={form.values.answer} />
        </Grid.Col>
      </Grid>
    </Modal>
  );
}

/** FAQs (`GET faq`): per fund or general, published, in order; edit with a preview; delete. */
export default function FaqsPage() {
  const canWrite = useCan('faqs.write');
  const [q, setQ] = useState('');
  const [published, setPublished] = useState<string | null>(null);
  const [editing, setEditing] = useState<FaqResponse | 'new' | null>(null);
  const list = useServerList<FaqResponse>({
    path: 'v1/faq',
    defaultSort: { field: 'sortOrder', direction: 'asc' },
    q,
    filter: { published },
  });
  const remove = (faq: FaqResponse) =>
    save(api.delete(`v1/faq/${faq.id}`), { done: 'FAQ deleted.', invalidate: ['v1/faq'] });
  return (
    <>
      <PageHeader title="FAQs">
        <Can permission="faqs.write">
          <Button onClick={() => setEditing('new')}>New FAQ</Button>
        </Can>
      </PageHeader>
      <ListTable<FaqResponse>
        list={list}
        label="FAQs"
        search={{ value: q, onChange: setQ, placeholder: 'Search questions and answers' }}
        toolbar={
          <Group mb="sm">
            <FilterSelect
              label="Published"
              placeholder="Published and drafts"
              data={[
                { value: 'true', label: 'Published' },
                { value: 'false', label: 'Drafts' },
              ]}
              value={published}
              onChange={setPublished}
              list={list}
            />
          </Group>
        }
        columns={[
          { accessor: 'sortOrder', title: 'Order', sortable: true, width: 90 },
          { accessor: 'question', title: 'Question', sortable: true },
          {
            accessor: 'fundIds',
            title: 'Funds',
            render: (faq) => (faq.fundIds.length === 0 ? 'all funds' : `${faq.fundIds.length} fund(s)`),
          },
          {
            accessor: 'published',
            title: 'Status',
            render: (faq) => <StatusBadge on={faq.published} yes="published" no="draft" />,
          },
          ...(canWrite
            ? [
                {
                  accessor: 'actions',
                  title: 'Actions',
                  textAlign: 'right' as const,
                  render: (faq: FaqResponse) => (
                    <Group gap="xs" justify="flex-end" wrap="nowrap">
                      <Button size="compact-sm" variant="default" onClick={() => setEditing(faq)}>
                        Edit
                      </Button>
                      <Button size="compact-sm" variant="subtle" color="red" onClick={() => remove(faq)}>
                        Delete
                      </Button>
                      <HistoryButton path={`v1/faq/${faq.id}/audits`} name={faq.question} />
                    </Group>
                  ),
                },
              ]
            : []),
        ]}
      />
      {editing && <FaqModal {...(editing === 'new' ? {} : { faq: editing })} onClose={() => setEditing(null)} />}
    </>
  );
}
