import { useId, useRef, useState } from 'react';
import { ImageUp, Trash2 } from 'lucide-react';
import { MAX_UPLOAD_BYTES } from '@folio/core';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { getErrorMessage } from '../../../lib/error-message.ts';
import { uploadImage } from '../api/editor-api.ts';

/** An image setting (favicon, profile photo): upload through POST /api/upload, keep the URL. */
export function ImageUploadField({
  label,
  accept,
  value,
  onChange,
  tooLargeMessage,
  hint,
}: {
  label: string;
  accept: string;
  value: string | null | undefined;
  onChange: (url: string | null) => void;
  tooLargeMessage: string;
  hint: string;
}) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  const pick = async (file: File | undefined) => {
    if (!file) return;
    setError('');
    if (file.size > MAX_UPLOAD_BYTES) {
      setError(tooLargeMessage);
      return;
    }
    setBusy(true);
    try {
      onChange(await uploadImage(file));
    } catch (err) {
      setError(getErrorMessage(err));
    } finally {
      setBusy(false);
      if (input.current) input.current.value = '';
    }
  };

  return (
    <div className="grid min-w-0 gap-1.5">
      <span id={`${id}-label`} className="text-sm font-medium text-slate-800">
        {label}
      </span>
      <div className="flex flex-wrap items-center gap-3">
        <div className="grid size-14 shrink-0 place-items-center overflow-hidden rounded-lg border border-slate-200 bg-slate-50">
          {value ? (
            <img
              src={value}
              alt={`Current ${label.toLowerCase()}`}
              className="size-full object-cover"
            />
          ) : (
            <ImageUp className="size-5 text-slate-400" aria-hidden />
          )}
        </div>
        <input
          ref={input}
          id={id}
          type="file"
          accept={accept}
          aria-labelledby={`${id}-label`}
          aria-describedby={`${id}-hint`}
          tabIndex={-1}
          className="sr-only"
          onChange={(e) => void pick(e.target.files?.[0])}
        />
        <Button variant="outline" size="sm" disabled={busy} onClick={() => input.current?.click()}>
          {busy ? <Spinner className="size-4" /> : <ImageUp className="size-4" aria-hidden />}
          {value ? 'Replace' : 'Upload'} {label.toLowerCase()}
        </Button>
        {value ? (
          <Button variant="dangerGhost" size="sm" onClick={() => onChange(null)}>
            <Trash2 className="size-4" aria-hidden />
            Remove
          </Button>
        ) : null}
      </div>
      <p id={`${id}-hint`} className="text-xs text-slate-500">
        {hint}
      </p>
      {error ? (
        <p role="alert" className="text-sm font-medium text-red-600">
          {error}
        </p>
      ) : null}
    </div>
  );
}
