import { FILE_UPLOAD_MESSAGES, type FileUploadResponse, RejectFileUploadRequest } from '@bcp/contract';
import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useDisclosure } from '@mantine/hooks';
import { api } from '../../lib/api';
import { useCan } from '../../lib/permissions';
import { save } from '../../lib/save';
import { useAdminSession } from '../../lib/session-store';

const INVALIDATE = ['v1/file-uploads', 'v1/dashboard'];

/** Rejecting a file needs the reason (`PATCH file-uploads/{id}/reject`). */
function RejectModal(props: { upload: FileUploadResponse; onClose: () => void }) {
  const form = useForm({
    initialValues: { reason: '' },
    validate: schemaResolver(RejectFileUploadRequest, { sync: true }),
  });
  const submit = form.onSubmit(async (values) => {
    const done = await save(api.patch(`v1/file-uploads/${props.upload.id}/reject`, { json: values }), {
      done: 'File rejected: nothing was loaded.',
      invalidate: INVALIDATE,
      form,
    });
    if (done) props.onClose();
  });
  return (
    <Modal opened onClose={props.onClose} title="Reject the file">
      <form onSubmit={submit} noValidate>
        <Stack>
          <Textarea label="Why" required autosize minRows={3} {...form.getInputProps('reason')} />
          <Group justify="flex-end">
            <Button type="submit" color="red" loading={form.submitting}>
              Reject file
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/**
 * Accept or reject a validated file (maker-checker, `file-uploads.accept`): the uploader sees the
 * accept button disabled with the reason; with refused rows, accepting the valid ones needs a note.
 */
export function UploadDecision(props: { upload: FileUploadResponse }) {
  const { upload } = props;
  const canDecide = useCan('file-uploads.accept');
  const me = useAdminSession((state) => state.user?.id);
  const [rejecting, reject] = useDisclosure(false);
  const needsNote = upload.counts.refused > 0;
  const form = useForm({
    initialValues: { note: '' },
    validate: { note: (note) => (needsNote && !note.trim() ? FILE_UPLOAD_MESSAGES.noteRequired : null) },
  });
  if (!canDecide) return <Text c="dimmed">Someone with permission to accept files decides on this one.</Text>;
  const own = upload.uploadedBy !== null && upload.uploadedBy.id === me;
  const submit = form.onSubmit(async (values) => {
    await save(
      api.patch(`v1/file-uploads/${upload.id}/accept`, {
        json: values.note.trim() ? { note: values.note.trim() } : {},
      }),
      { done: 'File accepted: its valid rows are being loaded.', invalidate: INVALIDATE, form },
    );
  });
  return (
    <form onSubmit={submit} noValidate>
      <Stack maw={640}>
        {!own && (
          <Textarea
            label={needsNote ? 'Note (required: some rows are refused)' : 'Note (optional)'}
            required={needsNote}
            autosize
            minRows={2}
            {...form.getInputProps('note')}
          />
        )}
        <Group>
          <Button
            type="submit"
            color="teal"
            disabled={own}
            loading={form.submitting}
            aria-describedby={own ? 'own-upload' : undefined}
          >
            {needsNote ? 'Accept the valid rows' : 'Accept'}
          </Button>
          <Button variant="default" color="red" onClick={reject.open}>
            Reject
          </Button>
        </Group>
        {own && (
          <Text size="sm" id="own-upload" fw={500}>
            {FILE_UPLOAD_MESSAGES.ownUpload}
          </Text>
        )}
      </Stack>
      {rejecting && <RejectModal upload={upload} onClose={reject.close} />}
    </form>
  );
}
