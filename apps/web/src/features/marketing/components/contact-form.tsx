import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { CircleCheck, Send } from 'lucide-react';
import {
  contactFormMessages,
  contactInputSchema,
  type ContactInput,
  type ContactResponse,
} from '@folio/core';
import { Button } from '../../../components/ui/button.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { apiJson } from '../../../lib/api-client.ts';
import { getErrorMessage } from '../../../lib/error-message.ts';
import { toast } from '../../../hooks/use-toast.ts';

const empty: ContactInput = { name: '', email: '', subject: '', message: '' };

/** The contact form (product.md, Screens in detail): name, email, subject, message, all required. */
export function ContactForm() {
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useForm<ContactInput>({
    resolver: zodResolver(contactInputSchema),
    defaultValues: empty,
  });
  const send = useMutation<ContactResponse, Error, ContactInput>({
    mutationFn: (input) => apiJson<ContactResponse>('POST', '/api/contact', input),
    onSuccess: (res, input) => {
      toast({ title: res.message, variant: 'success' });
      setSentTo(input.email);
      form.reset(empty);
    },
  });
  const { errors } = form.formState;

  if (sentTo) {
    return (
      <div role="status" className="grid justify-items-center gap-3 py-8 text-center">
        <CircleCheck className="size-12 text-emerald-600" aria-hidden />
        <h2 className="text-xl font-semibold text-slate-900">{contactFormMessages.sent}</h2>
        <p className="text-slate-600">
          We reply within 24 hours, to <span className="font-medium">{sentTo}</span>.
        </p>
        <Button variant="outline" onClick={() => setSentTo(null)}>
          Send another message
        </Button>
      </div>
    );
  }

  return (
    <form
      noValidate
      aria-label="Contact form"
      className="grid gap-5"
      onSubmit={(e) => void form.handleSubmit((input) => send.mutate(input))(e)}
    >
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField label="Name" error={errors.name?.message}>
          <Input autoComplete="name" required {...form.register('name')} />
        </FormField>
        <FormField label="Email" error={errors.email?.message}>
          <Input type="email" autoComplete="email" required {...form.register('email')} />
        </FormField>
      </div>
      <FormField label="Subject" error={errors.subject?.message}>
        <Input required {...form.register('subject')} />
      </FormField>
      <FormField label="Message" error={errors.message?.message}>
        <textarea
          rows={6}
          required
          className="block w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-base text-slate-900 shadow-xs transition-colors placeholder:text-slate-400 hover:border-slate-400 focus-visible:border-brand-600 focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-brand-600/30 aria-invalid:border-red-500 sm:text-sm"
          {...form.register('message')}
        />
      </FormField>
      {send.isError ? (
        <p role="alert" className="rounded-lg bg-red-50 px-4 py-3 text-sm font-medium text-red-700">
          {getErrorMessage(send.error)}
        </p>
      ) : null}
      <div className="flex flex-wrap items-center gap-4">
        <Button type="submit" size="lg" disabled={send.isPending}>
          <Send className="size-4" aria-hidden />
          {send.isPending ? 'Sending…' : 'Send message'}
        </Button>
        <p className="text-sm text-slate-600">We reply within 24 hours.</p>
      </div>
    </form>
  );
}
