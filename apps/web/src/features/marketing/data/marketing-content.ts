import {
  BarChart3,
  FileUp,
  Globe,
  LayoutTemplate,
  Palette,
  PenLine,
  Rocket,
  ScanText,
  Smartphone,
  type LucideIcon,
} from 'lucide-react';
import { planNames, plans, plansWhere } from '@folio/core';
import { brand } from '../../../lib/brand.ts';

export interface FeatureItem {
  icon: LucideIcon;
  title: string;
  description: string;
}

/** The product's features, as the landing page lists them (product.md, Screens in detail). */
export const featureItems: FeatureItem[] = [
  {
    icon: ScanText,
    title: 'AI resume parsing',
    description:
      'Upload a PDF or Word resume and we pull out your experience, education, skills and projects.',
  },
  {
    icon: LayoutTemplate,
    title: 'Designer templates',
    description: 'Ten hand-made templates, from clean and minimal to bold and playful.',
  },
  {
    icon: Globe,
    title: 'Your own address',
    description: 'Publish to a free subdomain in one click, or use a custom subdomain or domain.',
  },
  {
    icon: Palette,
    title: 'Make it yours',
    description: 'Customize colors, fonts and layout, reorder sections and add your photo.',
  },
  {
    icon: Smartphone,
    title: 'Mobile-optimized',
    description: 'Every portfolio looks sharp on phones, tablets and desktops, automatically.',
  },
  {
    icon: BarChart3,
    title: 'Analytics dashboard',
    description: `See how many people visit your portfolio, where they come from and on which devices, on ${planNames(
      plansWhere((p) => p.analytics),
    )}.`,
  },
];

export interface StepItem {
  icon: LucideIcon;
  title: string;
  description: string;
}

/** How it works, in steps (product.md, Screens in detail). */
export const stepItems: StepItem[] = [
  {
    icon: FileUp,
    title: 'Upload your resume',
    description: 'Drop in a PDF, DOC or DOCX file up to 5MB, or enter your details by hand for free.',
  },
  {
    icon: ScanText,
    title: 'Review the parsed data',
    description: 'Check what we found and fix anything in a simple editor.',
  },
  {
    icon: LayoutTemplate,
    title: 'Choose a template',
    description: 'Pick the look that fits you. Switch any time without losing content.',
  },
  {
    icon: PenLine,
    title: 'Customize',
    description: 'Tune colors, fonts and section order, and preview on desktop and mobile.',
  },
  {
    icon: Rocket,
    title: 'Publish and share',
    description: 'Go live on your own address and share the link with recruiters.',
  },
];

/** Static marketing claims; each must agree with the plan catalogue (product.md, Screens in detail). */
export const stats = [
  { value: '1,000+', label: 'professionals' },
  { value: '5k+', label: 'portfolios created' },
  { value: '97%', label: 'higher response rate' },
  { value: '65%', label: 'higher interview rate' },
] as const;

/** Initials of a name for an avatar: first and last word ("Priya Raman" → "PR"). */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const first = words[0]?.[0] ?? '';
  const last = words.length > 1 ? (words.at(-1)?.[0] ?? '') : '';
  return (first + last).toUpperCase() || '?';
}

/**
 * Sample testimonials (product.md, Entities: Testimonial). The avatar is drawn from the initials
 * on a colour of its own (no photos of people who do not exist, nothing fetched from elsewhere).
 */
export const testimonials = [
  {
    id: 1,
    name: 'Priya Raman',
    role: 'Frontend Developer',
    content:
      'I uploaded my resume on a lunch break and had a portfolio link in my applications that afternoon.',
    avatar: 'bg-emerald-700',
    rating: 5,
  },
  {
    id: 2,
    name: 'Marcus Oyelaran',
    role: 'Product Designer',
    content:
      'The templates look like something I would have designed myself, and I did not write a line of code.',
    avatar: 'bg-sky-700',
    rating: 5,
  },
  {
    id: 3,
    name: 'Elena Kowalski',
    role: 'Graduate Student',
    content:
      'Recruiters actually clicked through. Having a real site made my applications stand out.',
    avatar: 'bg-rose-700',
    rating: 5,
  },
] as const;

/** The landing page's questions; every plan fact in them is read from the catalogue. */
export function faqs(): { q: string; a: string }[] {
  const { free, pro } = plans;
  const ownAddress = planNames(plansWhere((p) => p.customSubdomain && p.ownDomain));
  const paid = plansWhere((p) => p.soldOnline);
  return [
    {
      q: 'Do I need to know how to code?',
      a: 'No. Upload your resume, pick a template and publish. Everything is point and click.',
    },
    {
      q: 'Which files can I upload?',
      a: 'PDF, DOC and DOCX files up to 5MB. You can also enter everything by hand, which uses no parsing credits.',
    },
    {
      q: 'Is there a free plan?',
      a: `Yes. The ${free.name} plan includes ${free.maxPortfolios} portfolio, ${free.resumeCredits} resume parsing credits and the free templates. No credit card needed.`,
    },
    {
      q: 'Can I use my own domain?',
      a: `Every portfolio gets a free subdomain. ${ownAddress} add a custom subdomain and your own domain.`,
    },
    {
      q: `What if ${brand().appName} is not for me?`,
      a: `${planNames(paid)} come with a 7-day money-back guarantee: write to us within 7 days of your purchase and we refund it in full.`,
    },
    {
      q: `Does ${pro.name} renew by itself?`,
      a: `No. ${pro.name} is a month or a year paid in advance, and nothing renews by itself: when the period ends your account moves to the ${free.name} plan, and nothing is deleted.`,
    },
  ];
}
