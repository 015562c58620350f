import { Card } from '../../../components/ui/card.tsx';

const nextSteps = [
  'Upload and parse your resume',
  'Check what we read, beside your resume',
  'Choose a template',
  'Customize colors, fonts and sections',
  'Preview on desktop and mobile',
  'Publish with your own domain',
];

/** 'What happens next' after an upload (product.md, Screens in detail). */
export function NextStepsCard() {
  return (
    <Card className="p-6">
      <h2 className="font-semibold text-slate-900">What happens next</h2>
      <ol className="mt-4 grid gap-3">
        {nextSteps.map((s, i) => (
          <li key={s} className="flex items-start gap-3 text-sm text-slate-700">
            <span className="flex size-6 shrink-0 items-center justify-center rounded-full bg-brand-600 text-xs font-bold text-white">
              {i + 1}
            </span>
            <span className="pt-0.5">{s}</span>
          </li>
        ))}
      </ol>
    </Card>
  );
}
