import { stepItems } from '../data/marketing-content.ts';

export function StepList() {
  return (
    <ol className="grid gap-6 md:grid-cols-5">
      {stepItems.map(({ icon: Icon, title, description }, i) => (
        <li
          key={title}
          className="relative rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
        >
          <div className="flex items-center gap-3">
            <span className="flex size-9 items-center justify-center rounded-full bg-brand-600 text-sm font-bold text-white">
              {i + 1}
            </span>
            <Icon className="size-5 text-brand-600" aria-hidden />
          </div>
          <h3 className="mt-4 font-semibold text-slate-900">{title}</h3>
          <p className="mt-2 text-sm leading-6 text-slate-600">{description}</p>
        </li>
      ))}
    </ol>
  );
}
