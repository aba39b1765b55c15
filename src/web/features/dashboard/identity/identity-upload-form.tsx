// The buyer's identity document and selfie (decision 041): two files, read in the browser as data
// URLs and checked again by the server, which reads each file's type from its bytes. Every message
// the server gives lands at its file.
import { useState } from 'react';
import { DOCUMENT_INVALID, DOCUMENT_MAX_BYTES, DOCUMENT_REQUIRED, DOCUMENT_TOO_LARGE, DOCUMENT_TYPES, type DocumentKind } from '@/contracts/identity';
import { FormField } from '@/web/components/ui/form-field';
import { FormError, SubmitButton } from '@/web/components/ui/form-error';
import { Input } from '@/web/components/ui/input';
import { useSubmitIdentityDocuments } from '@/web/api/identity';
import { ApiError, errorMessage } from '@/web/lib/api-client';
import { toast } from '@/web/lib/toast';

function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(typeof reader.result === 'string' ? reader.result : '');
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read.'));
    reader.readAsDataURL(file);
  });
}

/** What the browser can tell before sending: a file is chosen, small enough, of a likely type (the server reads the bytes). */
function problemOf(file: File | undefined): string | undefined {
  if (!file) return DOCUMENT_REQUIRED;
  if (file.size > DOCUMENT_MAX_BYTES) return DOCUMENT_TOO_LARGE;
  if (file.type !== '' && !(DOCUMENT_TYPES as readonly string[]).includes(file.type)) return DOCUMENT_INVALID;
  return undefined;
}

const ACCEPT = DOCUMENT_TYPES.join(',');

export function IdentityUploadForm() {
  const submit = useSubmitIdentityDocuments();
  const [files, setFiles] = useState<Partial<Record<DocumentKind, File>>>({});
  const [errors, setErrors] = useState<Partial<Record<DocumentKind, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);

  const onSubmit = async (event: React.SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFormError(null);
    const found = { document: problemOf(files.document), selfie: problemOf(files.selfie) };
    setErrors(found);
    if (found.document || found.selfie || !files.document || !files.selfie) return;
    try {
      const [document, selfie] = await Promise.all([readAsDataUrl(files.document), readAsDataUrl(files.selfie)]);
      await submit.mutateAsync({ document, selfie });
      toast.success('Documents sent for review');
    } catch (error) {
      const fields = error instanceof ApiError ? error.fields : {};
      setErrors({ document: fields.document, selfie: fields.selfie });
      if (!fields.document && !fields.selfie) setFormError(errorMessage(error, 'The documents could not be sent.'));
    }
  };

  const pick = (kind: DocumentKind) => (event: React.ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    setFiles((f) => ({ ...f, [kind]: file }));
    setErrors((e) => ({ ...e, [kind]: undefined }));
  };

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate className="grid max-w-lg gap-4">
      <FormField label="Identity document" error={errors.document} hint="A passport, identity card or driving licence: a photo or scan, JPEG, PNG or PDF, at most 5 MB.">
        <Input type="file" accept={ACCEPT} onChange={pick('document')} />
      </FormField>
      <FormField label="Selfie" error={errors.selfie} hint="A photo of you holding the same document: JPEG, PNG or PDF, at most 5 MB.">
        <Input type="file" accept={ACCEPT} onChange={pick('selfie')} />
      </FormField>
      <FormError message={formError} />
      <SubmitButton pending={submit.isPending}>Send for review</SubmitButton>
    </form>
  );
}
