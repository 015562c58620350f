/**
 * Reads what a page says about plans and compares each statement with the plan catalogue
 * (packages/core plans.ts). A page's text is split into sentences (lines and full stops); in each:
 * - a list of plan names ("Pro and Lifetime", "Pro, Lifetime or Business") next to a feature must
 *   name exactly the plans that have it (custom subdomain, own domain, premium templates, the sale);
 * - "N portfolios", "N resume parsing credits", "N months" of hosting and "$N.NN" must be values
 *   the catalogue has, and the plan's own value when the sentence names one plan only;
 * - no plan is a subscription: a paid period is one PayPal payment and never renews by itself, so
 *   nothing may speak of subscribing, renewing automatically or cancelling any time.
 */
import { plans, type Plan } from '@folio/core';

const all = Object.values(plans) as Plan[];
const names = all.map((p) => p.name);
const nameAlt = names.join('|');
/** Two or more plan names joined by commas, "and" or "or". */
const listPattern = new RegExp(
  `\\b(?:${nameAlt})\\b(?:(?:, | and | or |, and |, or )\\b(?:${nameAlt})\\b)+`,
  'g',
);

/** Features a sentence can tie to a list of plans, and the plans that have each. */
const features: { words: RegExp; has: (p: Plan) => boolean; label: string }[] = [
  {
    words: /custom subdomain|own domain|own address/i,
    has: (p) => p.customSubdomain,
    label: 'custom subdomain',
  },
  {
    words: /premium template|every template|all templates/i,
    has: (p) => p.allTemplates,
    label: 'all templates',
  },
  { words: /% off|\bsale\b|money-back/i, has: (p) => p.soldOnline, label: 'sold online' },
];

/** Words that promise or assume a renewing plan. */
const renewalClaim =
  /\bsubscri(?:be|bed|bes|bing|ption|ptions)\b|\bauto-?renew|\brenews? (?:automatically|each|every)\b|\bcancel(?:led|ed)? (?:a|your|the) (?:subscription|plan)\b|\bcancel any ?time\b/i;

const wordNumber: Record<string, number> = { one: 1, two: 2, three: 3, five: 5, ten: 10 };
const toNumber = (s: string) => wordNumber[s.toLowerCase()] ?? Number(s);

function namedPlans(sentence: string): Plan[] {
  return all.filter((p) => new RegExp(`\\b${p.name}\\b`).test(sentence));
}

function sameSet(a: string[], b: string[]) {
  return a.length === b.length && a.every((x) => b.includes(x));
}

/** Prices the catalogue allows on a page: regular prices, `salePercent` off them, and $0. */
function allowedPrices(salePercent: number): Set<string> {
  const set = new Set(['$0', '$0.00']);
  for (const p of all) {
    for (const cents of Object.values<number>(p.prices)) {
      set.add(`$${(cents / 100).toFixed(2)}`);
      if (salePercent > 0)
        set.add(`$${(Math.round((cents * (100 - salePercent)) / 100) / 100).toFixed(2)}`);
    }
  }
  return set;
}

/** What a page's text says about plans that the catalogue contradicts; [] when all agrees. */
export function planFactProblems(text: string, options: { salePercent?: number } = {}): string[] {
  const problems: string[] = [];
  const prices = allowedPrices(options.salePercent ?? 0);
  const sentences = text
    .split(/\n|(?<=[.!?;])\s+/)
    .map((s) => s.trim())
    .filter(Boolean);
  const valuesOf = (get: (p: Plan) => number | null) =>
    new Set(all.map(get).filter((v): v is number => v !== null));

  for (const sentence of sentences) {
    const named = namedPlans(sentence);
    const single = named.length === 1 ? named[0]! : null;

    for (const list of sentence.match(listPattern) ?? []) {
      const listed = names.filter((n) => new RegExp(`\\b${n}\\b`).test(list));
      const tied = features.filter((x) => x.words.test(sentence));
      // A list on its own (a lock label, "Free, Pro and Lifetime plans") is still some feature's
      // plans, or the plans anyone can have (free or sold online).
      const groups = [
        ...features.map((f) => all.filter(f.has)),
        all.filter((p) => p.id === 'free' || p.soldOnline),
        all,
      ];
      if (
        tied.length === 0 &&
        !groups.some((g) =>
          sameSet(
            listed,
            g.map((p) => p.name),
          ),
        )
      )
        problems.push(`"${sentence}": ${listed.join(', ')} share no feature in the catalogue`);
      for (const f of tied) {
        const expected = all.filter(f.has).map((p) => p.name);
        if (!sameSet(listed, expected))
          problems.push(
            `"${sentence}": ${f.label} is on ${expected.join(', ')}, not ${listed.join(', ')}`,
          );
      }
    }

    const check = (
      pattern: RegExp,
      get: (p: Plan) => number | null,
      what: string,
      extra: number[] = [],
    ) => {
      for (const m of sentence.matchAll(pattern)) {
        const n = toNumber(m[1]!);
        const ok = single
          ? get(single) === n || extra.includes(n)
          : valuesOf(get).has(n) || extra.includes(n);
        if (!ok)
          problems.push(
            `"${sentence}": ${n} ${what}${single ? ` (${single.name} has ${String(get(single))})` : ''}`,
          );
      }
    };
    check(/\b(\d+|one|three|five) portfolios?\b/gi, (p) => p.maxPortfolios, 'portfolios');
    check(/\b(\d+) (?:resume )?parsing credits\b/gi, (p) => p.resumeCredits, 'parsing credits');
    check(
      /\b(\d+) (?:more )?months?(?= of hosting| after| more|\.|,| hosting)/gi,
      (p) => p.hostingMonths,
      'months of hosting',
    );
    const renewal = renewalClaim.exec(sentence);
    if (renewal)
      problems.push(
        `"${sentence}": "${renewal[0]}", but no plan renews by itself (a paid period, no subscription)`,
      );
    for (const m of sentence.matchAll(/\$\d+(?:\.\d\d)?(?![\d.]*[MmKk])/g)) {
      if (!prices.has(m[0]) && !prices.has(`${m[0]}.00`))
        problems.push(`"${sentence}": ${m[0]} is no catalogue price`);
    }
  }
  return problems;
}
