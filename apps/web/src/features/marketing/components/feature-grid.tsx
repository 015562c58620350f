import { featureItems } from '../data/marketing-content.ts';

export function FeatureGrid() {
  return (
    <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
      {featureItems.map(({ icon: Icon, title, description }) => (
        <li
          key={title}
          className="group rounded-2xl border border-slate-200 bg-white p-6 shadow-sm shadow-slate-900/5 transition-shadow hover:shadow-md"
        >
          <span className="flex size-11 items-center justify-center rounded-xl bg-brand-50 text-brand-600 transition-colors group-hover:bg-brand-600 group-hover:text-white">
            <Icon className="size-5" aria-hidden />
          </span>
          <h3 className="mt-5 text-lg font-semibold text-slate-900">{title}</h3>
          <p className="mt-2 leading-7 text-slate-600">{description}</p>
        </li>
      ))}
    </ul>
  );
}
