import { Alert, Loader, Modal } from '@mantine/core';
import { useFileUrl } from '../../lib/files';

/**
 * A PDF the API answers (`path`), shown in place in a dialog (the browser's own PDF viewer in a
 * frame), read with the user's token; its object URL is released on close.
 */
export function PdfViewer(props: { path: string; title: string; onClose: () => void }) {
  const pdf = useFileUrl(props.path, 'application/pdf');
  return (
    <Modal opened onClose={props.onClose} title={props.title} size="90%">
      {pdf.loading && <Loader aria-label="Loading the PDF" />}
      {pdf.error && (
        <Alert color="red" role="alert">
          Could not open the PDF: {pdf.error}
        </Alert>
      )}
      {pdf.url && (
        <iframe
          src={pdf.url}
          title={props.title}
          data-testid="pdf-frame"
          style={{ width: '100%', height: '75vh', border: 0 }}
        />
      )}
    </Modal>
  );
}
