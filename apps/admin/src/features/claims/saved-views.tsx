import {
  CreateSavedViewRequest,
  SAVED_VIEW_LIMITS,
  type SavedViewListResponse,
  type SavedViewResponse,
  type SavedViewScreen,
} from '@bcp/contract';
import { unwrap } from '@bcp/web-client';
import { Button, Group, Menu, Modal, Stack, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconBookmark, IconChevronDown, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { FormActions } from '../../components/form-actions';
import { api } from '../../lib/api';
import { save } from '../../lib/save';

const PATH = 'v1/users/me/saved-views';

/**
 * "Saved views" and "Save view" of a list screen (issue 38 item 3): the signed-in user's named
 * filters (`GET/POST/DELETE /api/v1/users/me/saved-views`). `query` is the screen's query string
 * now (what "Save view" keeps, asking for a name); choosing a view calls `onApply` with its query.
 */
export function SavedViews(props: { screen: SavedViewScreen; query: string; onApply: (query: string) => void }) {
  const [naming, setNaming] = useState(false);
  const views = useQuery({
    queryKey: [PATH, props.screen],
    queryFn: () => unwrap(api.get<SavedViewListResponse>(PATH, { query: { screen: props.screen } })),
  });
  const items = views.data?.items ?? [];
  const remove = (view: SavedViewResponse) =>
    save(api.delete(`${PATH}/${view.id}`), { done: `View "${view.name}" deleted.`, invalidate: [PATH] });
  return (
    <Group gap="xs">
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <Button
            variant="default"
            leftSection={<IconBookmark size={16} />}
            rightSection={<IconChevronDown size={14} />}
          >
            Saved views
          </Button>
        </Menu.Target>
        <Menu.Dropdown aria-label="Saved views">
          {items.length === 0 && <Menu.Label>No saved views yet</Menu.Label>}
          {items.map((view) => (
            <Menu.Item key={view.id} onClick={() => props.onApply(view.query)}>
              {view.name}
            </Menu.Item>
          ))}
          {items.length > 0 && (
            <>
              <Menu.Divider />
              <Menu.Sub>
                <Menu.Sub.Target>
                  <Menu.Sub.Item leftSection={<IconTrash size={14} />}>Delete a view</Menu.Sub.Item>
                </Menu.Sub.Target>
                <Menu.Sub.Dropdown>
                  {items.map((view) => (
                    <Menu.Item
                      key={view.id}
                      color="red"
                      onClick={() => remove(view)}
                      aria-label={`Delete ${view.name}`}
                    >
                      {view.name}
                    </Menu.Item>
                  ))}
                </Menu.Sub.Dropdown>
              </Menu.Sub>
            </>
          )}
        </Menu.Dropdown>
      </Menu>
      <Button variant="default" onClick={() => setNaming(true)}>
        Save view
      </Button>
      {naming && <SaveViewModal screen={props.screen} query={props.query} onClose={() => setNaming(false)} />}
    </Group>
  );
}

/** Asks the view's name and saves the screen's query under it (the same name replaces that view). */
function SaveViewModal(props: { screen: SavedViewScreen; query: string; onClose: () => void }) {
  const [submitting, setSubmitting] = useState(false);
  const form = useForm({
    initialValues: { screen: props.screen, name: '', query: props.query },
    validate: schemaResolver(CreateSavedViewRequest, { sync: true }),
  });
  const submit = form.onSubmit(async (values) => {
    setSubmitting(true);
    const saved = await save(api.post<SavedViewResponse>(PATH, { json: values }), {
      done: `View "${values.name.trim()}" saved.`,
      invalidate: [PATH],
      form,
    });
    setSubmitting(false);
    if (saved) props.onClose();
  });
  return (
    <Modal opened onClose={props.onClose} title="Save this view">
      <form onSubmit={submit} noValidate>
        <Stack>
          <TextInput
            label="Name"
            description="The filters, sort and page size shown now are kept under this name."
            maxLength={SAVED_VIEW_LIMITS.nameLength}
            required
            data-autofocus
            {...form.getInputProps('name')}
          />
          <FormActions label="Save view" onCancel={props.onClose} submitting={submitting} />
        </Stack>
      </form>
    </Modal>
  );
}
