import { Alert, Loader, Modal } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { fileUrl } from '../../lib/files';

/**
 * A PDF the API answers (`path`), shown in place in a dialog (the browser's own PDF viewer in a
 * frame), read with the user's token; its object URL is released on close.
 */
export function PdfViewer(props: { path: string; title: string; onClose: () => void }) {
  const pdf = useQuery({ queryKey: ['pdf', props.path], queryFn: () => fileUrl(props.path), gcTime: 0 });
  const url = pdf.data;
  useEffect(
    () => () => {
      if (url) URL.revokeObjectURL(url);
    },
    [url],
  );
  return (
    <Modal opened onClose={props.onClose} title={props.title} size="90%">
      {pdf.isPending && <Loader aria-label="Loading the PDF" />}
      {!pdf.isPending && !pdf.data && (
        <Alert color="red" role="alert">
          Could not open the PDF. Please try again.
        </Alert>
      )}
      {pdf.data && (
        <iframe
          src={pdf.data}
          title={props.title}
          data-testid="pdf-frame"
          style={{ width: '100%', height: '75vh', border: 0 }}
        />
      )}
    </Modal>
  );
}
