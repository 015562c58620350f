import { useId, useState, type ReactNode } from 'react';
import {
  FAVICON_TOO_LARGE_MESSAGE,
  faviconAccept,
  fontFamilies,
  IMAGE_TOO_LARGE_MESSAGE,
  imageAccept,
  sectionKeys,
  type PortfolioContent,
  type SectionKey,
} from '@folio/core';
import { sectionLabels } from '../utils/sections.ts';
import { ColorField, TextAreaField, TextField } from './fields.tsx';
import { ImageUploadField } from './image-upload-field.tsx';
import { SectionOrder } from './section-order.tsx';

function Group({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
      <h2 className="text-base font-semibold text-slate-900">{title}</h2>
      <div className="@container mt-4 grid gap-4">{children}</div>
    </section>
  );
}

const selectClass =
  'h-11 w-full rounded-lg border border-slate-300 bg-white px-3 text-base text-slate-900 focus-visible:border-brand-600 focus-visible:outline-2 focus-visible:outline-brand-600/30 sm:text-sm';

function SelectField({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: string;
  options: readonly { value: string; label: string }[];
  onChange: (value: string) => void;
}) {
  const id = useId();
  return (
    <div className="grid min-w-0 gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {label}
      </label>
      <select
        id={id}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        className={selectClass}
      >
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}

const fontSizes = ['', '14px', '15px', '16px', '17px', '18px', '20px'];
const lineHeights = ['', '1.3', '1.5', '1.6', '1.75', '2'];
const withDefault = (values: string[]) => values.map((v) => ({ value: v, label: v || 'Default' }));

/** The appearance studio: styles and settings of the draft (product.md, Content). */
export function CustomizePanel({
  content,
  onChange,
  onFocusSection,
}: {
  content: PortfolioContent;
  onChange: (next: PortfolioContent) => void;
  /** Called with the section a change is about, for the preview to bring it into view. */
  onFocusSection?: (section: SectionKey) => void;
}) {
  const { styles, settings } = content;
  const global = styles.global;
  const [section, setSection] = useState<SectionKey>('summary');
  const sectionStyle = styles.sections[section] ?? {};

  const setGlobal = (patch: Partial<typeof global>) =>
    onChange({ ...content, styles: { ...styles, global: { ...global, ...patch } } });
  const setSectionStyle = (patch: Partial<typeof sectionStyle>) => {
    onFocusSection?.(section);
    onChange({
      ...content,
      styles: {
        ...styles,
        sections: { ...styles.sections, [section]: { ...sectionStyle, ...patch } },
      },
    });
  };
  const setSettings = (patch: Partial<typeof settings>) =>
    onChange({ ...content, settings: { ...settings, ...patch } });
  const orEmpty = (v: string) => (v ? v : undefined);

  return (
    <div className="grid gap-6">
      <Group title="Typography">
        <div className="grid gap-4 @md:grid-cols-3">
          <SelectField
            label="Font family"
            value={global.fontFamily ?? ''}
            options={[
              { value: '', label: 'Default' },
              ...fontFamilies.map((f) => ({ value: f, label: f })),
            ]}
            onChange={(v) => setGlobal({ fontFamily: orEmpty(v) })}
          />
          <SelectField
            label="Base font size"
            value={global.fontSize ?? ''}
            options={withDefault(fontSizes)}
            onChange={(v) => setGlobal({ fontSize: orEmpty(v) })}
          />
          <SelectField
            label="Line height"
            value={global.lineHeight ?? ''}
            options={withDefault(lineHeights)}
            onChange={(v) => setGlobal({ lineHeight: orEmpty(v) })}
          />
        </div>
      </Group>

      <Group title="Colours">
        <div className="grid gap-4 @md:grid-cols-2 @3xl:grid-cols-3">
          <ColorField
            label="Theme colour"
            value={global.theme}
            onChange={(v) => setGlobal({ theme: v ?? undefined })}
          />
          <ColorField
            label="Background colour"
            value={global.backgroundColor}
            onChange={(v) => setGlobal({ backgroundColor: v ?? undefined })}
          />
          <ColorField
            label="Text colour"
            value={global.textColor}
            onChange={(v) => setGlobal({ textColor: v ?? undefined })}
          />
        </div>
        <div className="grid gap-4 border-t border-slate-100 pt-4 @md:grid-cols-2 @3xl:grid-cols-3">
          <SelectField
            label="Section"
            value={section}
            options={sectionKeys.map((k) => ({ value: k, label: sectionLabels[k] }))}
            onChange={(v) => {
              setSection(v as SectionKey);
              onFocusSection?.(v as SectionKey);
            }}
          />
          <ColorField
            label="Section background"
            value={sectionStyle.backgroundColor}
            onChange={(v) => setSectionStyle({ backgroundColor: v })}
          />
          <ColorField
            label="Section text"
            value={sectionStyle.textColor}
            onChange={(v) => setSectionStyle({ textColor: v })}
          />
          <ImageUploadField
            label="Section icon"
            accept={imageAccept}
            value={sectionStyle.iconUrl}
            onChange={(iconUrl) => setSectionStyle({ iconUrl })}
            tooLargeMessage={IMAGE_TOO_LARGE_MESSAGE}
            hint="Shown beside the section's heading. PNG, JPEG, WebP, GIF or AVIF, up to 5MB."
          />
        </div>
      </Group>

      <Group title="Sections">
        <p className="text-sm text-slate-600">
          Drag the handles to change the order, or focus a handle and use Space and the arrow keys.
        </p>
        <SectionOrder
          order={settings.sectionOrder}
          onChange={(sectionOrder) => setSettings({ sectionOrder })}
          onFocus={onFocusSection}
        />
        <label className="flex items-center gap-3 text-sm font-medium text-slate-800">
          <input
            type="checkbox"
            checked={settings.showContactForm}
            onChange={(e) => setSettings({ showContactForm: e.target.checked })}
            className="size-4 rounded border-slate-300 accent-brand-600 focus-visible:outline-2 focus-visible:outline-brand-600"
          />
          Show a contact form
        </label>
      </Group>

      <Group title="Images">
        <div className="grid gap-6 @lg:grid-cols-2">
          <ImageUploadField
            label="Profile Photo"
            accept={imageAccept}
            value={settings.ogImage}
            onChange={(ogImage) => setSettings({ ogImage })}
            tooLargeMessage={IMAGE_TOO_LARGE_MESSAGE}
            hint="PNG, JPEG, WebP, GIF or AVIF, up to 5MB."
          />
          <ImageUploadField
            label="Favicon"
            accept={faviconAccept}
            value={settings.faviconUrl}
            onChange={(faviconUrl) => setSettings({ faviconUrl })}
            tooLargeMessage={FAVICON_TOO_LARGE_MESSAGE}
            hint="ICO or an image, up to 5MB."
          />
        </div>
      </Group>

      <Group title="SEO">
        <TextField
          label="Meta title"
          value={settings.metaTitle}
          onChange={(v) => setSettings({ metaTitle: v || null })}
        />
        <TextAreaField
          label="Meta description"
          rows={3}
          maxLength={300}
          hint="Shown by search engines and link previews. About 160 characters works best."
          value={settings.metaDescription}
          onChange={(v) => setSettings({ metaDescription: v || null })}
        />
      </Group>
    </div>
  );
}
