import {
  CreateTemplateRequest,
  type TEMPLATE_KINDS,
  type TemplateFormResponse,
  type TemplateResponse,
} from '@bcp/contract';
import { unwrap } from '@bcp/web-client';
import {
  Alert,
  Anchor,
  Button,
  Card,
  Code,
  Grid,
  Group,
  Loader,
  ScrollArea,
  Select,
  Stack,
  Tabs,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { Link, useLocation, useParams } from 'wouter';
import { AuditTrail } from '../../components/audit-trail';
import { PageHeader } from '../../components/page-header';
import { TemplatePreview } from '../../components/template-preview';
import { api } from '../../lib/api';
import { useCan } from '../../lib/permissions';
import { save } from '../../lib/save';

interface TemplateValues {
  name: string;
  kind: (typeof TEMPLATE_KINDS)[number];
  key: string | null;
  subject: string;
  body: string;
}

/** The request body: the subject only for kinds that have one; an empty key clears it. */
function templateRequest(values: TemplateValues, kinds: TemplateFormResponse['kinds']) {
  const hasSubject = kinds.find((kind) => kind.kind === values.kind)?.hasSubject ?? false;
  return {
    name: values.name,
    kind: values.kind,
    key: values.key || null,
    subject: hasSubject ? values.subject || null : null,
    body: values.body,
  };
}

function Editor(props: { form: TemplateFormResponse; id: string }) {
  const [, navigate] = useLocation();
  const canWrite = useCan('templates.write');
  const canAudits = useCan('audits.read');
  const template = props.form.template;
  const form = useForm<TemplateValues>({
    initialValues: {
      name: template?.name ?? '',
      kind: template?.kind ?? 'email',
      key: template?.key ?? null,
      subject: template?.subject ?? '',
      body: template?.body ?? '',
    },
    validate: (values) =>
      schemaResolver(CreateTemplateRequest, { sync: true })(templateRequest(values, props.form.kinds)),
  });
  const hasSubject = props.form.kinds.find((kind) => kind.kind === form.values.kind)?.hasSubject ?? false;
  const toRequest = (values: TemplateValues) => templateRequest(values, props.form.kinds);
  const submit = form.onSubmit(async (values) => {
    const saved = await save(
      template
        ? api.patch<TemplateResponse>(`v1/templates/${template.id}`, { json: toRequest(values) })
        : api.post<TemplateResponse>('v1/templates', { json: toRequest(values) }),
      { done: 'Template saved.', invalidate: ['v1/templates'], form },
    );
    if (saved && !template) navigate(`/set-up/templates/${saved.id}`, { replace: true });
  });
  const remove = async () => {
    if (!template) return;
    const done = await save(api.delete(`v1/templates/${template.id}`), {
      done: 'Template deleted.',
      invalidate: ['v1/templates'],
    });
    if (done !== undefined) navigate('/set-up/templates');
  };
  const messages = props.form.messages.filter((message) => message.kind === form.values.kind);
  const variables = props.form.variables[form.values.kind] ?? [];
  const editor = (
    <Grid>
      <Grid.Col span={{ base: 12, md: 7 }}>
        <form onSubmit={submit} noValidate>
          <Stack>
            <TextInput label="Name" required readOnly={!canWrite} {...form.getInputProps('name')} />
            <Group grow>
              <Select
                label="Kind"
                allowDeselect={false}
                readOnly={!canWrite}
                data={props.form.kinds.map((kind) => ({ value: kind.kind, label: kind.label }))}
                {...form.getInputProps('kind')}
              />
              <Select
                label="Replaces the built-in message"
                clearable
                readOnly={!canWrite}
                data={messages.map((message) => ({
                  value: message.key,
                  label: `${message.key}: ${message.description}`,
                }))}
                {...form.getInputProps('key')}
              />
            </Group>
            {hasSubject && <TextInput label="Subject" readOnly={!canWrite} {...form.getInputProps('subject')} />}
            <Textarea
              label="Body (Liquid)"
              required
              autosize
              minRows={8}
              maxRows={24}
              readOnly={!canWrite}
              styles={{ input: { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace' } }}
              {...form.getInputProps('body')}
            />
            {canWrite && (
              <Group>
                <Button type="submit" loading={form.submitting}>
                  Save template
                </Button>
                {template && (
                  <Button variant="subtle" color="red" onClick={remove}>
                    Delete
                  </Button>
                )}
              </Group>
            )}
          </Stack>
        </form>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 5 }}>
        <Stack>
          <TemplatePreview
            kind={form.values.kind}
            subject={hasSubject ? form.values.subject : null}
            body={form.values.body}
          />
          <Card withBorder>
            <Title order={2} size="h4" mb="sm">
              Variables
            </Title>
            <ScrollArea.Autosize
              mah={320}
              viewportProps={{ tabIndex: 0, role: 'region', 'aria-label': 'Variables, scrollable' }}
            >
              <Stack gap={6} component="dl" m={0}>
                {variables.map((variable) => (
                  <div key={variable.name}>
                    <Code component="dt">{`{{ ${variable.name} }}`}</Code>
                    <Text component="dd" size="sm" m={0}>
                      {variable.description}
                    </Text>
                  </div>
                ))}
              </Stack>
            </ScrollArea.Autosize>
          </Card>
        </Stack>
      </Grid.Col>
    </Grid>
  );
  return (
    <Stack>
      <Anchor component={Link} href="/set-up/templates" size="sm">
        ← Templates
      </Anchor>
      <PageHeader title={template ? template.name : 'New template'} />
      {template && canAudits ? (
        <Tabs defaultValue="editor" keepMounted={false}>
          <Tabs.List mb="md">
            <Tabs.Tab value="editor">Editor</Tabs.Tab>
            <Tabs.Tab value="audits">Audit trail</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="editor">{editor}</Tabs.Panel>
          <Tabs.Panel value="audits">
            <AuditTrail path={`v1/templates/${template.id}/audits`} />
          </Tabs.Panel>
        </Tabs>
      ) : (
        editor
      )}
    </Stack>
  );
}

/**
 * The template editor (`GET templates/create` or `templates/{id}/edit`): Liquid body and subject
 * with the variables of the kind, a live preview rendered by the server (`POST templates/preview`)
 * with errors at line and column, save (`POST`/`PATCH templates`) and delete.
 */
export default function TemplatePage() {
  const { id = 'new' } = useParams<{ id: string }>();
  const path = id === 'new' ? 'v1/templates/create' : `v1/templates/${id}/edit`;
  const form = useQuery({
    queryKey: ['v1/templates', 'form', id],
    queryFn: () => unwrap(api.get<TemplateFormResponse>(path)),
  });
  if (form.isPending) return <Loader aria-label="Loading the template" />;
  if (!form.data) {
    return (
      <Alert color="red" role="alert">
        This template could not be loaded.
      </Alert>
    );
  }
  return <Editor key={id} form={form.data} id={id} />;
}
