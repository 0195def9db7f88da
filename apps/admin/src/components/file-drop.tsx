import { Button, FileButton, Group, Paper, Stack, Text } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { type DragEvent, useState } from 'react';

/**
 * A file picker that also takes a file dragged onto it: a "Choose a file" button (a real file
 * input, so keyboard and screen-reader users need no dragging) inside a dashed area that accepts a
 * drop. Shows the chosen file's name; `error` under it.
 */
export function FileDrop(props: {
  label: string;
  accept: string;
  file: File | null;
  onChange: (file: File | null) => void;
  hint?: string;
  error?: string | null;
  disabled?: boolean;
}) {
  const [over, setOver] = useState(false);
  const drop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setOver(false);
    const file = event.dataTransfer.files[0];
    if (file && !props.disabled) props.onChange(file);
  };
  return (
    <Paper
      withBorder
      p="lg"
      role="group"
      aria-label={props.label}
      onDragOver={(event) => {
        event.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={drop}
      style={{ borderStyle: 'dashed', borderWidth: 2, borderColor: over ? 'var(--mantine-color-teal-6)' : undefined }}
      data-testid="file-drop"
    >
      <Stack align="center" gap="xs">
        <IconUpload size={32} aria-hidden />
        <Text fw={500}>{props.label}</Text>
        <Text size="sm" c="dimmed">
          Drag the file here, or
        </Text>
        <FileButton onChange={props.onChange} accept={props.accept} disabled={props.disabled}>
          {(buttonProps) => (
            <Button variant="default" {...buttonProps}>
              Choose a file
            </Button>
          )}
        </FileButton>
        {props.hint && (
          <Text size="xs" c="dimmed">
            {props.hint}
          </Text>
        )}
        {props.file && (
          <Group gap={4}>
            <Text size="sm">Chosen:</Text>
            <Text size="sm" fw={600} data-testid="chosen-file">
              {props.file.name}
            </Text>
          </Group>
        )}
        {props.error && (
          <Text size="sm" c="red.8" role="alert">
            {props.error}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
