import { useId, useRef, useState, type DragEvent } from 'react';
import { FileText, RefreshCw, UploadCloud, X } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';
import { Tooltip } from '../../../components/ui/tooltip.tsx';
import { cn } from '../../../lib/cn.ts';
import { formatBytes, RESUME_ACCEPT } from '../utils/resume-file.ts';

export interface ResumeDropZoneProps {
  file: File | null;
  error: string | null;
  disabled?: boolean;
  onSelect: (file: File) => void;
  onRemove: () => void;
}

/**
 * Drag-and-drop or click to choose a resume. A real file input sits behind the label, so the
 * picker opens with Enter/Space as well as a click; a chosen file shows its name and size with
 * Replace and Remove buttons.
 */
export function ResumeDropZone({ file, error, disabled, onSelect, onRemove }: ResumeDropZoneProps) {
  const id = useId();
  const inputId = `${id}-input`;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const inputRef = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);

  const onDragOver = (e: DragEvent) => {
    if (disabled || !e.dataTransfer.types.includes('Files')) return;
    e.preventDefault();
    e.dataTransfer.dropEffect = 'copy';
    setDragging(true);
  };
  const onDragLeave = (e: DragEvent) => {
    if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setDragging(false);
  };
  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setDragging(false);
    const dropped = e.dataTransfer.files[0];
    if (dropped && !disabled) onSelect(dropped);
  };

  return (
    <div className="grid grid-cols-1 gap-1.5">
      <span className="text-sm font-medium text-slate-800" aria-hidden>
        Resume
      </span>
      <div
        onDragEnter={onDragOver}
        onDragOver={onDragOver}
        onDragLeave={onDragLeave}
        onDrop={onDrop}
        data-testid="resume-drop-zone"
        data-dragging={dragging || undefined}
      >
        <input
          ref={inputRef}
          id={inputId}
          type="file"
          accept={RESUME_ACCEPT}
          disabled={disabled}
          tabIndex={file ? -1 : undefined}
          aria-label="Resume file"
          aria-describedby={error ? `${errorId} ${hintId}` : hintId}
          aria-invalid={error ? true : undefined}
          className="peer sr-only"
          onChange={(e) => {
            const chosen = e.target.files?.[0];
            e.target.value = '';
            if (chosen) onSelect(chosen);
          }}
        />
        {file ? (
          <div
            className={cn(
              'flex items-center gap-3 rounded-xl border bg-white p-3 sm:p-4',
              dragging ? 'border-brand-500 bg-brand-50' : 'border-slate-300',
            )}
          >
            <span className="hidden size-11 shrink-0 items-center justify-center rounded-lg bg-brand-50 min-[360px]:flex">
              <FileText className="size-6 text-brand-600" aria-hidden />
            </span>
            <div className="min-w-0 flex-1">
              <p
                className="truncate font-medium text-slate-900"
                data-testid="chosen-file"
                title={file.name}
              >
                {file.name}
              </p>
              <p className="text-sm whitespace-nowrap text-slate-500">{formatBytes(file.size)}</p>
            </div>
            <Button
              variant="ghost"
              size="sm"
              disabled={disabled}
              onClick={() => inputRef.current?.click()}
            >
              <RefreshCw className="size-4" aria-hidden />
              <span className="sr-only sm:not-sr-only">Replace</span>
            </Button>
            <Tooltip label={`Remove ${file.name}`}>
              <Button
                variant="ghost"
                size="icon"
                disabled={disabled}
                aria-label={`Remove ${file.name}`}
                onClick={() => {
                  onRemove();
                  inputRef.current?.focus();
                }}
              >
                <X className="size-5" aria-hidden />
              </Button>
            </Tooltip>
          </div>
        ) : (
          <label
            htmlFor={inputId}
            className={cn(
              'flex cursor-pointer flex-col items-center justify-center rounded-xl border-2 border-dashed px-4 py-10 text-center transition-colors sm:py-12',
              'peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-600',
              'peer-disabled:cursor-not-allowed peer-disabled:opacity-60',
              dragging
                ? 'border-brand-500 bg-brand-50'
                : error
                  ? 'border-red-400 bg-red-50/40 hover:border-red-500'
                  : 'border-slate-300 bg-slate-50/60 hover:border-brand-400 hover:bg-brand-50/40',
            )}
          >
            <span className="flex size-12 items-center justify-center rounded-full bg-white shadow-sm ring-1 ring-slate-200">
              <UploadCloud className="size-6 text-brand-600" aria-hidden />
            </span>
            <span className="mt-4 font-medium text-slate-900">
              {dragging ? (
                'Drop your resume here'
              ) : (
                <>
                  Drag and drop your resume, or{' '}
                  <span className="text-brand-700 underline underline-offset-2">browse</span>
                </>
              )}
            </span>
            <span id={hintId} className="mt-1 text-sm text-slate-500">
              PDF, DOC or DOCX, or a LinkedIn export (.zip), up to 5MB
            </span>
          </label>
        )}
      </div>
      {error ? (
        <p
          id={errorId}
          role="alert"
          className="text-sm font-medium text-red-600"
          data-testid="field-error"
        >
          {error}
        </p>
      ) : null}
    </div>
  );
}
