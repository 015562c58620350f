import { describe, expect, it } from 'vitest';
import { hasDate, isDateOnly, takeDate } from './dates.ts';
import { classifyHeading } from './headings.ts';
import { findPhone } from './phones.ts';
import { detectFileType } from './detect.ts';
import { isLocation } from './contact.ts';
import { BULLET_RE, cleanText } from './text.ts';

describe('dates', () => {
  it.each([
    ['Jan 2022 – Present', 'Jan 2022 – Present'],
    ['Sept 2018 – May 2023', 'Sept 2018 – May 2023'],
    ['04/2021 - Present', '04/2021 - Present'],
    ['2014 - 2018', '2014 - 2018'],
    ['January 2019 to Present', 'January 2019 to Present'],
    ['Expected May 2026', 'Expected May 2026'],
    ['Graduated 1995', 'Graduated 1995'],
    ['März 2019 – heute', 'März 2019 – heute'],
    ['sept. 2017 - juin 2019', 'sept. 2017 - juin 2019'],
    ['2015 年 3 月 – 2015 年 5 月', '2015 年 3 月 – 2015 年 5 月'],
    ['Summer 2022', 'Summer 2022'],
    ['2021-03 – 2022-01', '2021-03 – 2022-01'],
  ])('finds %s', (text, date) => {
    expect(takeDate(text)?.date).toBe(date);
  });
  it('separates a date from the rest of a line', () => {
    expect(takeDate('Vice President · Aug 2024 – Present')).toEqual({
      date: 'Aug 2024 – Present',
      rest: 'Vice President',
    });
  });
  it('reads a season with a list of years as a date only', () => {
    expect(isDateOnly('Summer 2013, 2014')).toBe(true);
    expect(isDateOnly('2019, 2020 and 2021')).toBe(true);
    expect(isDateOnly('2014, Winner')).toBe(false);
  });
  it('does not read words as dates', () => {
    expect(hasDate('Mentored a team of four developers')).toBe(false);
    expect(hasDate('Marketing manager')).toBe(false);
    expect(isDateOnly('Date: Month 20XX – Ongoing')).toBe(true);
  });
  it('reads seasons in other languages and "dato" (to date) as dates', () => {
    expect(takeDate('Été 2018')?.date).toBe('Été 2018');
    expect(takeDate('Sommer 2021 Werkstudent')?.date).toBe('Sommer 2021');
    expect(isDateOnly('Zomer 2011')).toBe(true);
    expect(isDateOnly('Verano 2010')).toBe(true);
    expect(isDateOnly('04.2023 – dato')).toBe(true);
  });
  it('reads years of the nineteenth century (a historical persona, an academic CV)', () => {
    expect(isDateOnly('1879–1889')).toBe(true);
    expect(isDateOnly('1864')).toBe(true);
  });
  it('reads a template’s placeholder range in words, and the word alone as text', () => {
    expect(isDateOnly('year--year')).toBe(true);
    expect(isDateOnly('año–año')).toBe(true);
    expect(isDateOnly('Jahr – heute')).toBe(true);
    expect(hasDate('Employee of the Year')).toBe(false);
    expect(hasDate('Five years of experience')).toBe(false);
  });
});

describe('phones', () => {
  it.each([
    ['(555) 123-4567', '(555) 123-4567'],
    ['Tel +49 (0)171 1234567 · mail', '+49 (0)171 1234567'],
    ['+33 6 12 34 56 78', '+33 6 12 34 56 78'],
    ['614-555-5555', '614-555-5555'],
    ['+1 (415) 555-0142', '+1 (415) 555-0142'],
    ['(+86) 131-221-87xxx', '(+86) 131-221-87xxx'],
  ])('finds %s', (text, phone) => {
    expect(findPhone(text)).toBe(phone);
  });
  it('reads a number printed with Word exported hyphens once the text is cleaned', () => {
    expect(findPhone(cleanText('(212) 555-\u00AD\u20109876'))).toBe('(212) 555-9876');
  });
  it('ignores dates and years', () => {
    expect(findPhone('2019 - 2021')).toBeUndefined();
    expect(findPhone('orcid 0000-0000-0000-0000')).toBeUndefined();
  });
});

describe('headings', () => {
  it.each([
    ['Work Experience', 'experience'],
    ["Where I've worked", 'experience'],
    ['Toolbox', 'skills'],
    ['Academic Background', 'education'],
    ['VOLUNTEER EXPERIENCE', 'extracurricular'],
    ['Berufserfahrung', 'experience'],
    ['Formation', 'education'],
    ['Compétences', 'skills'],
    ['Experiencia laboral', 'experience'],
    ['Istruzione', 'education'],
    ['Titoli di studio', 'education'],
    ['Experiência Profissional', 'experience'],
    ['Werkervaring', 'experience'],
    ['Talen', 'languages'],
    ['Honors & Awards', 'awards'],
    ['Apresentação', 'summary'],
    ['Experiências adicionais', 'experience'],
    ['Experiências acadêmicas', 'education'],
    ['Informações adicionais', 'other'],
    ['教育背景', 'education'],
    ['Technical Proficiency', 'skills'],
    ['Special Knowledge', 'skills'],
    ['Doctorate', 'education'],
    ['Mother tongue(s)', 'languages'],
    ['Driving licence', 'other'],
    ['Educational Background', 'education'],
    ['项目经验', 'projects'],
    ['Teaching', 'experience'],
    ['Teaching Philosophy', 'other'],
    ['工作经历', 'experience'],
    ['语言技能', 'languages'],
    ['外语能力', 'languages'],
    ['专业技能', 'skills'],
    ['个人兴趣', 'interests'],
    ['兴趣爱好', 'interests'],
    ['个人简介', 'summary'],
    ['项目经历', 'projects'],
    ['活动经历', 'extracurricular'],
    ['社团经历', 'extracurricular'],
    ['毕业论文', 'other'],
    ['发表论文', 'publications'],
    ['Attestati', 'certifications'],
    ['Certificações', 'certifications'],
    ['Conoscenze linguistiche', 'languages'],
    ['Compétences linguistiques', 'languages'],
    ['Histórico profissional', 'experience'],
    // a word cut short at a hyphen takes the last word's ending
    ['Aus- und Weiterbildung', 'education'],
    ['Berufs- und Praxiserfahrung', 'experience'],
    // one compound word: its last word names the section (a project's, its first)
    ['PRAXISERFAHRUNG', 'experience'],
    ['Hochschulausbildung', 'education'],
    ['Werkervaring', 'experience'],
    ['Fremdsprachen', 'languages'],
    ['Projekterfahrung', 'projects'],
  ])('%s is %s', (text, kind) => {
    expect(classifyHeading(text)).toBe(kind);
  });
  it('rejects sentences and entries', () => {
    expect(classifyHeading('Built tools for the experience team.')).toBeUndefined();
    expect(classifyHeading('Kent State University')).toBeUndefined();
  });
});

describe('locations and file types', () => {
  it('reads places', () => {
    expect(isLocation('San Francisco, CA')).toBe(true);
    expect(isLocation('London, UK')).toBe(true);
    expect(isLocation('Remote')).toBe(true);
    expect(isLocation('Senior Web Developer')).toBe(false);
  });
  it('detects by content', () => {
    expect(detectFileType(new TextEncoder().encode('%PDF-1.7 ...'))).toBe('pdf');
    expect(detectFileType(new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]))).toBe(
      'doc',
    );
    expect(detectFileType(new TextEncoder().encode('hello'))).toBeUndefined();
  });
});

describe('list glyphs', () => {
  it('reads the asterisk operator some classes print as a bullet', () => {
    expect(BULLET_RE.exec('∗ Specialized in Software Engineering')?.[0]).toBe('∗ ');
    expect(BULLET_RE.test('Specialized in Software Engineering')).toBe(false);
    // a TeX en dash read without a Unicode map; a brace closed later is text
    expect(BULLET_RE.exec('{ Planted the east orchard;')?.[0]).toBe('{ ');
    expect(BULLET_RE.test('{ a, b } are the keys')).toBe(false);
  });
});
