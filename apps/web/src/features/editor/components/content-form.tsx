import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { editorContentFormSchema, type EditorContentForm } from '@folio/core';
import { Button } from '../../../components/ui/button.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { SaveButton } from './save-button.tsx';

const textareaClass =
  'block min-h-32 w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 shadow-xs transition-colors placeholder:text-slate-400 hover:border-slate-400 focus-visible:border-brand-600 focus-visible:outline-2 focus-visible:outline-brand-600/30 aria-invalid:border-red-500 sm:text-sm';

/** The template editor's Content tab: the old simple shape with its validation messages (product.md, Validation). */
export function ContentForm({
  initial,
  saving,
  onSave,
  onCancel,
}: {
  initial: EditorContentForm;
  saving: boolean;
  onSave: (values: EditorContentForm) => void;
  onCancel: () => void;
}) {
  const form = useForm<EditorContentForm>({
    resolver: zodResolver(editorContentFormSchema),
    defaultValues: initial,
  });
  const { errors } = form.formState;
  const links = errors.socialLinks;

  return (
    <form
      noValidate
      aria-label="Portfolio content"
      className="grid gap-6 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
      onSubmit={form.handleSubmit(onSave)}
    >
      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="mb-3 text-base font-semibold text-slate-900">
          Personal information
        </legend>
        <FormField label="Name" error={errors.name?.message}>
          <Input autoComplete="name" {...form.register('name')} />
        </FormField>
        <FormField label="Title" error={errors.title?.message}>
          <Input autoComplete="organization-title" {...form.register('title')} />
        </FormField>
        <FormField label="Email" error={errors.email?.message}>
          <Input type="email" autoComplete="email" {...form.register('email')} />
        </FormField>
        <FormField label="Phone" hint="Optional" error={errors.phone?.message}>
          <Input type="tel" autoComplete="tel" {...form.register('phone')} />
        </FormField>
        <FormField label="Location" hint="Optional" error={errors.location?.message}>
          <Input autoComplete="address-level2" {...form.register('location')} />
        </FormField>
      </fieldset>

      <FormField label="About" error={errors.about?.message}>
        <textarea className={textareaClass} {...form.register('about')} />
      </FormField>

      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="mb-3 text-base font-semibold text-slate-900">Social links</legend>
        <FormField label="LinkedIn" error={links?.linkedin?.message}>
          <Input type="url" placeholder="https://" {...form.register('socialLinks.linkedin')} />
        </FormField>
        <FormField label="GitHub" error={links?.github?.message}>
          <Input type="url" placeholder="https://" {...form.register('socialLinks.github')} />
        </FormField>
        <FormField label="Twitter" error={links?.twitter?.message}>
          <Input type="url" placeholder="https://" {...form.register('socialLinks.twitter')} />
        </FormField>
        <FormField label="Website" error={links?.website?.message}>
          <Input type="url" placeholder="https://" {...form.register('socialLinks.website')} />
        </FormField>
      </fieldset>

      <div className="flex flex-wrap justify-end gap-2 border-t border-slate-200 pt-4">
        <Button
          variant="outline"
          disabled={saving}
          onClick={() => {
            form.reset(initial);
            onCancel();
          }}
        >
          Cancel
        </Button>
        <SaveButton type="submit" saving={saving} />
      </div>
    </form>
  );
}
