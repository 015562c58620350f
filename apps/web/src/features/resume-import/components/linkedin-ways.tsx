/**
 * The two ways to bring a LinkedIn profile, two lines each: where to find the file on
 * LinkedIn, and what to upload here. The PDF is read like any resume; the data export is read
 * field by field and uses no credit (ADR 33).
 */
const ways = [
  {
    name: 'Profile as PDF',
    where: 'On LinkedIn: your profile → More → Save to PDF.',
    then: 'Upload that PDF here. It uses one credit.',
  },
  {
    name: 'Your data export',
    where: 'Settings → Data privacy → Get a copy of your data (the profile files are enough).',
    then: 'Upload the ZIP LinkedIn e-mails you, up to 5 MB. It uses no credit.',
  },
];

export function LinkedInWays() {
  return (
    <section aria-labelledby="linkedin-ways" className="rounded-xl bg-slate-50 p-4">
      <h2 id="linkedin-ways" className="text-sm font-semibold text-slate-900">
        Coming from LinkedIn?
      </h2>
      <ul className="mt-2 grid gap-3 text-sm text-slate-600">
        {ways.map((w) => (
          <li key={w.name}>
            <p>
              <span className="font-medium text-slate-800">{w.name}:</span> {w.where}
            </p>
            <p>{w.then}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
